// The chat home as an open room needs it (SPEC §7 live chat v1; shared with the badge through the same
// generated query key): the room as the list shows it, and the list kept right while a room is open.
// Live events change the cached chat home in place (applyLiveUpdate), so a message arriving reorders
// the list at once; the debounced refetch of the realtime feature then confirms it. The list's own
// reads are room-lists.ts; mute, delete and leave are room-actions.ts.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getChatHomeQueryKey } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatHomeResponse } from '../../../../generated/http/types.gen.ts';
import { chatHomeOptions } from '../../../api/chat-home.ts';
import type { LiveChatRoomUpdate } from '../../../shared/events/app-events.ts';
import type { ChatRoom } from './message-model.ts';

/** The room as the chat home lists it (name, unread count, flags), if it is there. */
export function useListedRoom(roomUuid: string): ChatRoom | undefined {
  const { data } = useQuery({ ...chatHomeOptions(), select: (home) => home.chat_rooms?.find((room) => room.uuid === roomUuid) });
  return data;
}

export function updateHome(queryClient: QueryClient, change: (rooms: ChatRoom[]) => ChatRoom[]) {
  queryClient.setQueryData<ChatHomeResponse>(getChatHomeQueryKey(), (home) => home && { ...home, chat_rooms: change(home.chat_rooms ?? []) });
}

/** Fetches the chat home again (after the socket reconnected: events sent meanwhile were lost). */
export const refetchChatHome = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: getChatHomeQueryKey() });

/**
 * Changes the cached chat home, and makes the change again on the answer of a fetch of it that was
 * under way (that answer was read before the change and would undo it). Each change sets values, so
 * making it twice changes nothing more; no second fetch is needed.
 */
function changeHome(queryClient: QueryClient, change: (rooms: ChatRoom[]) => ChatRoom[]) {
  updateHome(queryClient, change);
  const cache = queryClient.getQueryCache();
  const home = cache.find({ queryKey: getChatHomeQueryKey(), exact: true });
  if (home?.state.fetchStatus !== 'fetching') return;
  const off = cache.subscribe((event) => {
    if (event.query !== home || event.type !== 'updated') return;
    const { type } = event.action;
    // The fetch's answer (not a change of the app's own: `manual`), or a cancelled fetch putting back the state from before it.
    if ((type === 'success' && !event.action.manual) || type === 'setState') {
      off();
      updateHome(queryClient, change);
    } else if (type === 'error') off();
  });
}

/**
 * A live_chat event: the room's last message and unread count change in the cached list. The open
 * room (`openRoomUuid`: the chat room on screen, which marks what arrives read) counts nothing unread.
 */
export function applyLiveUpdate(queryClient: QueryClient, update: LiveChatRoomUpdate, openRoomUuid: string | null) {
  changeHome(queryClient, (rooms) =>
    rooms.map((room) => {
      if (room.uuid !== update.roomUuid) return room;
      const unread = room.uuid === openRoomUuid ? 0 : (update.unread ?? room.meta?.unread_messages ?? 0);
      const last = update.lastMessage;
      return {
        ...room,
        meta: { ...room.meta, unread_messages: unread },
        last_message: last
          ? { message_content: last.content, created_at: last.createdAt, is_owner: last.fromCurrentUser, ...(last.type ? { type: last.type } : {}), ...(last.call ? { call: last.call } : {}) }
          : room.last_message,
        updated_at: last?.createdAt ?? room.updated_at,
      };
    }),
  );
}

const withoutUnread = (roomUuid: string) => (rooms: ChatRoom[]) =>
  rooms.map((room) => (room.uuid === roomUuid ? { ...room, meta: { ...room.meta, unread_messages: 0 } } : room));

/** Opening a room clears its unread count in the list (the server is told by markRead). */
export function clearUnread(queryClient: QueryClient, roomUuid: string) {
  updateHome(queryClient, withoutUnread(roomUuid));
}

/**
 * Tells the server a room was read (`markRead`: the room's v1 or v2 call) and makes the chat list agree
 * once it has: the room's row is cleared again, also on the answer of a chat home fetch still under
 * way (which may count the message unread), and the badge follows the cached list. Nothing is fetched
 * again: a read mark costs one request. A mark that fails is left for the next opening.
 */
export async function markRoomRead(queryClient: QueryClient, roomUuid: string, markRead: () => Promise<void>): Promise<void> {
  try {
    await markRead();
  } catch {
    return;
  }
  changeHome(queryClient, withoutUnread(roomUuid));
}

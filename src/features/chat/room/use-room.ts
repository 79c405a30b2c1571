// Everything the room screen reads: its messages from the chat's store (the view of the newest, or of
// the messages around one jumped to; the query fetches the view's pages into the store), the pinned
// messages, live messages, and the read marks and badge bookkeeping of SPEC §4 (opening lowers the
// badge by the room's unread count and records it as open; leaving clears it).
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { publish, subscribe } from '../../../shared/events/app-events.ts';
import type { RoomMessage } from '../api/message-model.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import type { RoomApi } from '../api/room-api.ts';
import { countOf } from '../../../shared/format/formatters.ts';
import { chatMessages, pinnedKey, refetchNewest, roomPagesOptions, showPinChange, useRoomView, type ViewStart } from '../store/chat-messages.ts';
import { applyLiveUpdate, clearUnread, markRoomRead, useListedRoom } from '../api/rooms.ts';

/** Reads arriving while the room is open are marked read in one call per burst. */
const READ_MARK_DEBOUNCE_MS = 1000;
/** SPEC §9: live-chat refresh debounce; the pinned list is fetched again once per burst of pins too. */
const LIVE_REFRESH_DEBOUNCE_MS = 1000;

/**
 * The first of the newest `unread` messages of others (what the room counts unread), or, when the loaded
 * messages hold fewer of them, the oldest of others loaded: all of theirs shown from there on is new.
 * Null when none is.
 */
export function firstUnreadOf(messages: readonly RoomMessage[], unread: number): string | null {
  let first: string | null = null;
  let counted = 0;
  for (let at = messages.length - 1; at >= 0 && counted < unread; at -= 1) {
    const message = messages[at]!;
    if (message.own || message.pending || message.kind === 'system') continue;
    counted += 1;
    first = message.uuid;
  }
  return first;
}

/**
 * The room's view starting at `start` (the controller's: the newest messages, or those around a message
 * jumped to). `divided`: whether the "New messages" divider is wanted (not in a room opened at a message).
 */
export function useRoom(api: RoomApi, start: ViewStart, divided = true) {
  const queryClient = useQueryClient();
  const roomUuid = api.uuid;
  const listed = useListedRoom(roomUuid);
  const query = useInfiniteQuery(roomPagesOptions(api, start));
  const view = useRoomView(api, start.anchor);
  const { messages } = view;
  const room = view.room ?? listed;

  // v1 answers the pinned messages with the room's page: they seed the list instead of a second
  // request; a pin or unpin asks again (refetch). v2 has its own call.
  const pagePinned = view.pinned;
  const pinned = useQuery({
    queryKey: [...pinnedKey(api), room?.id],
    queryFn: () => api.pinnedList(room!.id),
    enabled: room !== undefined,
    initialData: pagePinned,
    staleTime: pagePinned ? Infinity : 0,
  });

  // SPEC §4: open → the badge falls by this room's unread count, the room is the open one; the server
  // is told it was read. Leaving clears the open room.
  const unreadOnOpen = useRef<number | undefined>(undefined);
  unreadOnOpen.current ??= listed ? countOf(listed.meta?.unread_messages) : undefined;
  // React's StrictMode (npm start) runs this effect, its cleanup and the effect again on one mount: the
  // room is open again after the second run, but the badge falls by its unread count and the server is
  // told it was read once per opening, not once per run.
  const openedFor = useRef<RoomApi | null>(null);
  useEffect(() => {
    const again = openedFor.current === api;
    openedFor.current = api;
    publish('chat:room-opened', { uuid: roomUuid, unread: again ? 0 : (unreadOnOpen.current ?? 0) });
    clearUnread(queryClient, roomUuid);
    if (!again) api.markRead().catch(() => undefined); // A read mark that fails is retried on the next open.
    return () => publish('chat:room-left', {});
  }, [api, queryClient, roomUuid]);

  // Live messages: the list's cache follows every room while this one is open (this room's row counts
  // none unread), and this room is marked read once per burst — only when the event brings something
  // to read: the server counts this room unread for the user, or (without a count) a message of
  // someone else's arrived. A read mark's own echo, or any event repeating what is shown, marks nothing
  // and fetches nothing (else the mark, its echo and the next mark go round for ever). Leaving sends a
  // mark still waiting at once: an unmount never cancels it, or the message would count as unread again.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pinsTimer: ReturnType<typeof setTimeout> | undefined;
    const markRead = () => {
      clearTimeout(timer);
      timer = undefined;
      void markRoomRead(queryClient, roomUuid, api.markRead);
    };
    const off = subscribe('chat:live-chat', (update) => {
      applyLiveUpdate(queryClient, update, roomUuid);
      if (update.roomUuid !== roomUuid) return;
      // Without the message (or one without its uuid), the newest page is read again.
      const outcome = update.message && chatMessages.applyLive(api, update.message);
      if (!outcome) void refetchNewest(queryClient, api);
      if (outcome?.pinChanged) {
        // Shown at once; confirmed by one fetch of the pinned list per burst of pins (SPEC §9's 1000 ms).
        showPinChange(queryClient, api, update.message!.uuid!, outcome.shown);
        clearTimeout(pinsTimer);
        pinsTimer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: pinnedKey(api) }), LIVE_REFRESH_DEBOUNCE_MS);
      }
      const toRead = update.unread !== undefined ? update.unread > 0 : !outcome || (outcome.isNew && !update.lastMessage?.fromCurrentUser);
      if (!toRead) return;
      clearTimeout(timer);
      timer = setTimeout(markRead, READ_MARK_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(pinsTimer);
      if (timer !== undefined) markRead();
    };
  }, [api, queryClient, roomUuid]);

  // Issue 37: the "New messages" divider, at the first message that was unread when the room opened,
  // placed once the newest page has come (not on what the store held from an earlier visit) and kept
  // while the room is open.
  // The unread count the list had when the room opened (the list's copy is cleared as it opens).
  const [openedUnread, setOpenedUnread] = useState(() => (listed ? countOf(listed.meta?.unread_messages) : undefined));
  if (openedUnread === undefined && listed) setOpenedUnread(countOf(listed.meta?.unread_messages));
  const [firstUnread, setFirstUnread] = useState<string | null | undefined>(undefined);
  if (firstUnread === undefined && query.isSuccess && !query.isFetching) {
    setFirstUnread(divided && start.anchor === null && messages.length > 0 ? firstUnreadOf(messages, openedUnread ?? 0) : null);
  }

  // Home is not the first screen here: the room's first page is the content the app waited for.
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);

  // Events sent while the socket was away (or before its first connection) are gone: catch up on
  // the newest page whenever it connects.
  useEffect(
    () => subscribe('chat:socket-connected', () => void refetchNewest(queryClient, api)),
    [api, queryClient],
  );

  return { query, messages, room, pinned, firstUnread: firstUnread ?? null };
}

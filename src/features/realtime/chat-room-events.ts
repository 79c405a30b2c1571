// Live-chat socket events become app events (SPEC §4, §7): `new_chat_room` feeds the badge (which
// decides whether it counts: not the user's own message, not the open room); `live_chat` updates the
// chat screens and, debounced 1000 ms, marks the chat home stale so it is fetched again once a burst
// ends — only when the event changed what the chat home shows.
import { publish, type LiveChatRoomUpdate } from '../../shared/events/app-events.ts';
import type { ChatRoomEvent } from './api/payloads.ts';
import { assertNever } from './assert-never.ts';

/** SPEC §9: live-chat refresh debounce. */
export const CHAT_HOME_REFRESH_DEBOUNCE_MS = 1000;

const isOwn = (event: ChatRoomEvent) => event.last_message?.is_owner === true || event.last_message?.is_owner === 1;

function toUpdate(event: ChatRoomEvent): LiveChatRoomUpdate {
  const last = event.last_message;
  return {
    roomId: event.id,
    roomUuid: event.uuid,
    unread: event.meta?.unread_messages,
    lastMessage: last
      ? {
          content: last.message_content ?? null,
          createdAt: last.created_at ?? null,
          fromCurrentUser: isOwn(event),
          // A call's line (x-inferred): the chat list words it from how the call ended.
          ...(last.type ? { type: last.type } : {}),
          ...(last.call ? { call: last.call } : {}),
        }
      : null,
    message: event.message,
  };
}

export interface ChatRoomEvents {
  handle(event: ChatRoomEvent): void;
  /** Drops a pending chat-home refresh (the session ended). */
  dispose(): void;
}

/** What the chat home shows of a room (the event without the message that changed it). */
const roomPart = (event: ChatRoomEvent) => JSON.stringify({ ...event, message: undefined });

export function createChatRoomEvents(): ChatRoomEvents {
  let pendingRefresh: ReturnType<typeof setTimeout> | undefined;
  // The last live_chat event of each room, whole and as the chat home shows it. An event that repeats
  // the last one carries nothing new (a read mark's echo, the same change sent twice): it is dropped,
  // so it changes nothing and fetches nothing. One whose room part is unchanged (a receipt, a reaction)
  // updates the open room but does not refresh the chat home.
  const lastEvent = new Map<string, string>();
  const lastRoom = new Map<string, string>();
  const refreshChatHomeSoon = () => {
    clearTimeout(pendingRefresh);
    pendingRefresh = setTimeout(() => {
      pendingRefresh = undefined;
      publish('chat:home-stale', {});
    }, CHAT_HOME_REFRESH_DEBOUNCE_MS);
  };

  return {
    handle(event) {
      const type = event.event_type;
      switch (type) {
        case 'live_chat': {
          const whole = JSON.stringify(event);
          if (lastEvent.get(event.uuid) === whole) return;
          lastEvent.set(event.uuid, whole);
          const room = roomPart(event);
          const roomChanged = lastRoom.get(event.uuid) !== room;
          lastRoom.set(event.uuid, room);
          publish('chat:live-chat', toUpdate(event));
          if (roomChanged) refreshChatHomeSoon();
          return;
        }
        case 'new_chat_room':
          publish('chat:new-chat-room', { roomUuid: event.uuid, fromCurrentUser: isOwn(event), lastMessageAt: event.last_message?.created_at ?? undefined });
          return;
        default:
          assertNever(type, 'chat room event type');
      }
    },
    dispose() {
      clearTimeout(pendingRefresh);
      pendingRefresh = undefined;
      lastEvent.clear();
      lastRoom.clear();
    },
  };
}

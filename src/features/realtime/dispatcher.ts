// Every realtime payload enters here, from whichever transport, is parsed against the realtime
// contract (api/payloads.ts), deduplicated, and dispatched by one exhaustive switch: call events to
// the calls feature (its port, which src/app connects: src/features/calls/registry/calls-port.ts), chat room events to the chat events, a feed post's
// new counts to the app as 'feed:counts' (issue 37), any other long-poll event to the app as
// 'global-long-poll:{name}' (SPEC §4).
import { publish } from '../../shared/events/app-events.ts';
import type { LongPollEvent } from './api/long-poll.ts';
import { isCallEventName, parseBroadcastEvent, parseGlobalEvent, parseLiveChatEvent, type ChatRoomEvent, type FeedCountsEvent, type GlobalEvent, type TypingEvent } from './api/payloads.ts';
import { assertNever } from './assert-never.ts';
import { createRecentKeys } from './recent-keys.ts';

export type RealtimeMessage =
  | { kind: 'call'; event: GlobalEvent }
  | { kind: 'chat-room'; event: ChatRoomEvent }
  | { kind: 'typing'; event: TypingEvent }
  | { kind: 'feed-counts'; event: FeedCountsEvent }
  | { kind: 'named'; name: string; id: string | number; data: unknown };

/** Long-poll ids remembered (SPEC §4: deduplicated by id); the oldest are forgotten beyond this. */
export const LONG_POLL_IDS_KEPT = 1000;
/**
 * The same call event reaching the app over the socket and the poll counts once. The poll answers within
 * one interval (12.5 s) of the socket, so a repeat inside this window is the same event; a call event
 * has no id of its own, so it is recognised by its content.
 */
export const CALL_EVENT_REPEAT_WINDOW_MS = 20_000;
const CALL_EVENTS_KEPT = 200;

export interface DispatcherDeps {
  /** A call event, for the calls feature to decide on. */
  routeCall(event: GlobalEvent): void;
  chatRoom(event: ChatRoomEvent): void;
  now?: () => number;
}

export interface Dispatcher {
  fromBroadcast(raw: unknown): void;
  fromLiveChat(raw: unknown): void;
  fromLongPoll(events: readonly LongPollEvent[]): void;
  dispatch(message: RealtimeMessage): void;
}

function callEventKey({ event_type, data }: GlobalEvent): string {
  const rejected = Object.keys(data.rejected_ids ?? {}).sort();
  return JSON.stringify([event_type, data.chat_room_call_id, data.meet_room_uuid, data.recipient_id, rejected]);
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const longPollIds = createRecentKeys({ limit: LONG_POLL_IDS_KEPT });
  const callEvents = createRecentKeys({ limit: CALL_EVENTS_KEPT, ttlMs: CALL_EVENT_REPEAT_WINDOW_MS, now: deps.now });

  const dispatch = (message: RealtimeMessage): void => {
    const kind = message.kind;
    switch (kind) {
      case 'call':
        if (callEvents.firstSeen(callEventKey(message.event))) deps.routeCall(message.event);
        return;
      case 'chat-room':
        deps.chatRoom(message.event);
        return;
      case 'typing': {
        const { chat_room_uuid, user_id, user_name, is_typing } = message.event;
        publish('chat:typing', { roomUuid: chat_room_uuid, userId: user_id, userName: user_name ?? null, isTyping: is_typing });
        return;
      }
      case 'feed-counts': {
        // A feed post's new counts (issue 37): the feed applies them to the posts it has cached.
        const { announcement_id, likes_count, comments_count, comment_id, comment_likes_count, comment_deleted } = message.event.data;
        publish('feed:counts', {
          announcementId: announcement_id,
          likesCount: likes_count,
          commentsCount: comments_count,
          ...(comment_id !== undefined && { commentId: comment_id }),
          ...(comment_likes_count !== undefined && { commentLikesCount: comment_likes_count }),
          ...(comment_deleted === true && { commentDeleted: true }),
        });
        return;
      }
      case 'named':
        publish(`global-long-poll:${message.name}`, { id: message.id, data: message.data });
        return;
      default:
        assertNever(kind, 'realtime message kind');
    }
  };

  // One bad event must not stop the others (nor, for the poll, its timer).
  const safely = (run: () => void) => {
    try {
      run();
    } catch (error) {
      console.warn('realtime: an event handler failed', error);
    }
  };

  return {
    dispatch,
    fromBroadcast(raw) {
      safely(() => {
        const parsed = parseBroadcastEvent(raw, 'broadcast');
        if (parsed) dispatch(parsed);
      });
    },
    fromLiveChat(raw) {
      safely(() => {
        const parsed = parseLiveChatEvent(raw, 'live-chat');
        if (parsed) dispatch(parsed);
      });
    },
    fromLongPoll(events) {
      for (const { id, name, data } of events) {
        if (!longPollIds.firstSeen(String(id))) continue;
        safely(() => {
          if (!isCallEventName(name)) return dispatch({ kind: 'named', name, id, data });
          const event = parseGlobalEvent({ event_type: name, data }, 'long-poll');
          if (event) dispatch({ kind: 'call', event });
        });
      }
    },
  };
}

// The one module that reads realtime payloads: every event from the broadcast socket, the live-chat
// socket and the long poll is checked against the realtime contract's generated zod schemas here. A
// payload that does not match is dropped with a warning: a backend slip must never crash the app.
import { zCallEventType, zCallSignalEnvelope, zChatRoomEvent, zFeedCountsEvent, zGlobalEvent, zTypingEvent } from '../../../../generated/realtime/zod.gen.ts';
import type { CallEventType, CallSignalEnvelope, ChatRoomEvent, FeedCountsEvent, GlobalEvent, TypingEvent, TypingSignal } from '../../../../generated/realtime/types.gen.ts';

export type { CallEventType, CallSignalEnvelope, ChatRoomEvent, FeedCountsEvent, GlobalEvent, TypingEvent, TypingSignal };

/** Where a payload came from, for the warning. */
export type PayloadSource = 'broadcast' | 'long-poll' | 'live-chat';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

function warnDropped(source: PayloadSource, what: string, issues: readonly Issue[], raw: unknown): void {
  const where = issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ');
  console.warn(`realtime: dropped a malformed ${what} from ${source} (${where})`, raw);
}

/** Laravel and socket.io servers sometimes send the JSON as a string; either form is accepted. */
function decoded(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw; // Not JSON: the schema check says so.
  }
}

export function parseGlobalEvent(raw: unknown, source: PayloadSource): GlobalEvent | undefined {
  const result = zGlobalEvent.safeParse(decoded(raw));
  if (result.success) return result.data;
  warnDropped(source, 'global event', result.error.issues, raw);
  return undefined;
}

/**
 * A broadcast `global_event`: a call event, or a feed post's new counts (`feed_counts`, x-inferred,
 * issue 37), told apart by `event_type`.
 */
export function parseBroadcastEvent(raw: unknown, source: PayloadSource): { kind: 'call'; event: GlobalEvent } | { kind: 'feed-counts'; event: FeedCountsEvent } | undefined {
  const value = decoded(raw);
  if (typeof value === 'object' && value !== null && (value as { event_type?: unknown }).event_type === 'feed_counts') {
    const result = zFeedCountsEvent.safeParse(value);
    if (result.success) return { kind: 'feed-counts', event: result.data };
    warnDropped(source, 'feed counts event', result.error.issues, raw);
    return undefined;
  }
  const event = parseGlobalEvent(value, source);
  return event && { kind: 'call', event };
}

export function parseChatRoomEvent(raw: unknown, source: PayloadSource): ChatRoomEvent | undefined {
  const result = zChatRoomEvent.safeParse(decoded(raw));
  if (result.success) return result.data;
  warnDropped(source, 'chat room event', result.error.issues, raw);
  return undefined;
}

/**
 * A live-chat event: a room event (`live_chat`, `new_chat_room`) or another member's typing signal
 * (`typing`, x-inferred), told apart by `event_type`.
 */
export function parseLiveChatEvent(raw: unknown, source: PayloadSource): { kind: 'chat-room'; event: ChatRoomEvent } | { kind: 'typing'; event: TypingEvent } | undefined {
  const value = decoded(raw);
  if (typeof value === 'object' && value !== null && (value as { event_type?: unknown }).event_type === 'typing') {
    const result = zTypingEvent.safeParse(value);
    if (result.success) return { kind: 'typing', event: result.data };
    warnDropped(source, 'typing event', result.error.issues, raw);
    return undefined;
  }
  const event = parseChatRoomEvent(value, source);
  return event && { kind: 'chat-room', event };
}

/** A call room's `client-signal` (another member's WebRTC negotiation step). */
export function parseCallSignal(raw: unknown, source: PayloadSource): CallSignalEnvelope | undefined {
  const result = zCallSignalEnvelope.safeParse(decoded(raw));
  if (result.success) return result.data;
  warnDropped(source, 'call signal', result.error.issues, raw);
  return undefined;
}

/** SPEC §3's call event names: a long-poll event so named goes to the calls feature. */
export function isCallEventName(name: string): name is CallEventType {
  return zCallEventType.safeParse(name).success;
}

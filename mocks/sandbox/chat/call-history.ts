// Call history (issue 23, item 4): what the sandbox remembers of each call beyond its ringing and ending
// (calls.ts): who joined it and when, who declined it, and when it was over for each member. From that:
// - once a call is over for everyone it leaves a line in its chat room: a `call` message from the caller,
//   carrying how it ended (`call`: ended with its duration, missed, declined or no_answer), created like
//   every other message (createMessage), so it reaches the members' apps live through the live-chat socket
//   and shows in both API versions' answers;
// - `GET /live-chat/chat-room-calls` (x-inferred) lists the user's calls, newest first, each with its
//   room, the user's direction and outcome and how long they talked.
// Joining a call is joining its call room (the realtime mock's presence channel reports each member as
// they come, as a Pusher `member_added` webhook would); a media server may report joins too (joined()).
import type { ChatRoomCall, ChatRoomCallLogEntry } from '../../../generated/http/types.gen.ts';
import { operation, pageParam, paginate, type SandboxContext, type SandboxRoute } from '../routes.ts';
import { createMessage, type ChatDeps } from './actions.ts';
import { userIdFromRequest } from './identity.ts';
import { iso, type CallSummary, type Room } from './store.ts';
import { roomView } from './views.ts';

export const CALLS_PER_PAGE = 20;

/** The parts of a stored call (calls.ts) the history reads. */
export interface CallFacts {
  id: number;
  roomUuid: string;
  callerId: number;
  /** Who was called: the room's members when the call started. */
  members: readonly number[];
  status: string;
  /** Everyone whose call has ended. */
  out: readonly number[];
  startedAt: string;
  endedAt: string | null;
  /** Started as a voice call. */
  voice?: boolean;
}

interface Record {
  /** When each member joined the call room (the caller as it starts ringing, a callee as they answer). */
  joinedAt: Map<number, number>;
  /** When the first callee joined: the call was answered. */
  answeredAt: number | null;
  /** Callees who declined (ended it before joining). */
  declined: Set<number>;
  /** When the call ended for each member. */
  outAt: Map<number, number>;
}

export type Direction = 'incoming' | 'outgoing';
export type Outcome = 'answered' | 'missed' | 'declined' | 'no_answer';

const seconds = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000));

/** The line's words for a client that does not read `call` (its `message_content`). */
export function callWording(summary: Pick<CallSummary, 'status' | 'durationSeconds' | 'voice'>): string {
  if (summary.status === 'missed' || summary.status === 'no_answer') return 'Missed call';
  const kind = summary.voice ? 'Voice call' : 'Video call';
  if (summary.status === 'declined') return `${kind} · Declined`;
  const total = summary.durationSeconds;
  if (total === null) return kind;
  if (total < 60) return `${kind} · ${total} s`;
  const minutes = Math.round(total / 60);
  return minutes < 60 ? `${kind} · ${minutes} min` : `${kind} · ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export class CallHistory {
  private readonly records = new Map<number, Record>();

  /** A call starts ringing (again, for the demo call): nothing known of it yet. */
  started(callId: number): void {
    this.records.set(callId, { joinedAt: new Map(), answeredAt: null, declined: new Set(), outAt: new Map() });
  }

  private recordOf(callId: number): Record {
    if (!this.records.has(callId)) this.started(callId);
    return this.records.get(callId)!;
  }

  /** A member joined the call's room while it still runs for them (a callee joining answers it). */
  joined(call: CallFacts, userId: number, now = Date.now()): void {
    if (call.status !== 'ringing' || !call.members.includes(userId) || call.out.includes(userId)) return;
    const record = this.recordOf(call.id);
    if (!record.joinedAt.has(userId)) record.joinedAt.set(userId, now);
    // Back in a call they had left (a group call under way): their end is still to come.
    record.outAt.delete(userId);
    if (userId !== call.callerId && record.answeredAt === null) record.answeredAt = now;
  }

  /** `userId` ended the call, for the members in `ends` (before calls.ts records them as out). */
  ended(call: CallFacts, userId: number, type: string, ends: readonly number[], now = Date.now()): void {
    const record = this.recordOf(call.id);
    if (type === 'end_call_from_receiver' && userId !== call.callerId && !record.joinedAt.has(userId)) record.declined.add(userId);
    for (const member of ends) if (!record.outAt.has(member)) record.outAt.set(member, now);
  }

  /** How the call ended, for its line; call once it is over for everyone. */
  summary(call: CallFacts, endType: string): CallSummary {
    const record = this.recordOf(call.id);
    const endedAt = call.endedAt ?? iso(Date.now());
    const lastOut = Math.max(0, ...record.outAt.values());
    const callees = call.members.filter((member) => member !== call.callerId);
    const status: CallSummary['status'] =
      record.answeredAt !== null ? 'ended' : endType === 'no_answer' ? 'no_answer' : callees.length > 0 && callees.every((member) => record.declined.has(member)) ? 'declined' : 'missed';
    return {
      callId: call.id,
      status,
      durationSeconds: record.answeredAt === null ? null : seconds(record.answeredAt, lastOut || Date.parse(endedAt)),
      startedAt: call.startedAt,
      endedAt,
      callerId: call.callerId,
      voice: call.voice === true,
    };
  }

  /** The call is over for everyone: its line goes into its room, to every member live. */
  over(context: Pick<SandboxContext, 'publicUrl'>, deps: ChatDeps, call: CallFacts, endType: string): void {
    const room = deps.store.room(call.roomUuid);
    if (!room) return;
    const summary = this.summary(call, endType);
    createMessage(context, deps, room, call.callerId, { kind: 'call', content: callWording(summary), call: summary });
  }

  /** What the call was for one member: their direction, outcome and how long they talked. */
  forMember(call: CallFacts, userId: number): { direction: Direction; outcome: Outcome; durationSeconds: number | null } {
    const record = this.recordOf(call.id);
    const outgoing = userId === call.callerId;
    const answered = record.answeredAt !== null;
    const callees = call.members.filter((member) => member !== call.callerId);
    let outcome: Outcome;
    if (outgoing) outcome = answered ? 'answered' : callees.length > 0 && callees.every((member) => record.declined.has(member)) ? 'declined' : 'no_answer';
    else outcome = record.joinedAt.has(userId) ? 'answered' : record.declined.has(userId) ? 'declined' : 'missed';
    // From when they were both in it (the caller: the first answer; a callee: their joining) to their end.
    const from = outgoing ? record.answeredAt : (record.joinedAt.get(userId) ?? null);
    const to = record.outAt.get(userId) ?? (call.endedAt ? Date.parse(call.endedAt) : undefined);
    const durationSeconds = outcome === 'answered' && from !== null && to !== undefined ? seconds(from, to) : null;
    return { direction: outgoing ? 'outgoing' : 'incoming', outcome, durationSeconds };
  }
}

/** Over for the user: ended for everyone, or the user is out of it (a group call others still talk in). */
const overFor = (call: CallFacts, userId: number) => call.status !== 'ringing' || call.out.includes(userId);

export interface HistorySource {
  readonly calls: ReadonlyMap<number, CallFacts>;
  readonly history: CallHistory;
}

/**
 * GET /live-chat/chat-room-calls: the calls the user was called in or started (a member of the room when
 * it started; one who left the group since keeps them), over for them, newest first, 20 a page.
 */
export function callHistoryRoute(deps: ChatDeps, source: HistorySource, view: (context: Pick<SandboxContext, 'publicUrl'>, call: CallFacts, room: Room) => ChatRoomCall): SandboxRoute {
  return operation('GET', '/live-chat/chat-room-calls', 'listChatRoomCalls', (context) => {
    const userId = userIdFromRequest(context.request);
    const entries: ChatRoomCallLogEntry[] = [];
    const mine = [...source.calls.values()]
      .filter((call) => call.members.includes(userId) && overFor(call, userId))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.id - a.id);
    for (const call of mine) {
      const room = deps.store.room(call.roomUuid);
      if (!room) continue;
      const { direction, outcome, durationSeconds } = source.history.forMember(call, userId);
      entries.push({ ...view(context, call, room), chat_room: roomView(context, room, userId), direction, outcome, duration_seconds: durationSeconds });
    }
    return context.ok(paginate(entries, pageParam(context.query), CALLS_PER_PAGE));
  });
}

// Video calls, played statefully (issue 12): starting a call rings the room's other members through
// their private broadcast channels, fetching shows it as the callee sees it, and ending it sends the
// call event to exactly the users whose call it ends (`rejected_ids`, SPEC §4's rule):
// - direct call: any end is the end for both people;
// - group call: the caller ending ends it for everyone (end_call_from_caller_group); a member declining
//   or leaving ends it only for them (end_call_from_receiver), and for the caller too once every other
//   member has left, since nobody is left to talk to;
// - no_answer ends it for everyone still in it; a client sends it only when nobody answered (answering
//   is joining the call room: the realtime mock reports its presence channel's members to the call
//   history, call-history.ts, which words the line the call leaves in its room and lists it).
// A member joining a group call under way (below) counts as answering it too.
// The reason is taken from who asks (caller or member); of the body's event_type only no_answer counts.
// With a media server (call-media.ts: Janus beside the mocks) a group call gets a VideoRoom room as it
// starts, its members find it in the call's `media`, and it is destroyed once the call is over for
// everyone; direct calls, and every call without a media server, stay peer to peer (no `media`).
// A member's place in that room (their join token and feed ids, issue 33) lasts while the call runs
// for them: it is given with the first answer that carries the call, and taken away when they leave
// the call, are removed from (or leave) the group, or log out (revokeMember, revokeUser).
import { randomUUID } from 'node:crypto';
import type { ChatRoomCall } from '../../../generated/http/types.gen.ts';
import { operation, type OperationHandler, type SandboxContext, type SandboxRoute } from '../routes.ts';
import { fail, integer, readRequest, roomFor, type ChatDeps } from './actions.ts';
import { CallHistory, callHistoryRoute } from './call-history.ts';
import type { CallMediaServer, MediaRoom } from './call-media.ts';
import { userIdFromRequest } from './identity.ts';
import { iso, isMember, type ChatStore, type Room } from './store.ts';
import { roomView, senderOf } from './views.ts';

export type CallEndType = 'end_call_from_caller' | 'end_call_from_receiver' | 'end_call_from_caller_group' | 'no_answer';
export type CallEventType = 'incoming_call' | CallEndType;

/** The realtime contract's GlobalEvent. */
export interface CallEvent {
  event_type: CallEventType;
  data: { recipient_id: number; chat_room_call_id: number; meet_room_uuid: string; rejected_ids: Record<string, number> };
}

/** The realtime side of calls (mocks/start.ts: the realtime mock). */
export interface CallEventEmitter {
  /** Sends the global event to the user's private channel (the realtime mock's Pusher server). */
  emit(userId: number, event: CallEvent): void;
  /**
   * A call's meet room exists, and `members` answers who may join its call room now: the members of the
   * call's chat room (the realtime mock's /broadcasting/auth grants `presence-{prefix}_call.{meet_room_uuid}`
   * to them only). `joined` hears each member who joins the call room (the presence channel's
   * member_added): a callee joining answers the call (call-history.ts).
   */
  openCallRoom?(meetRoomUuid: string, members: () => readonly number[], joined?: (userId: number) => void): void;
}

type CallStatus = 'ringing' | 'ended' | 'no_answer';

interface StoredCall {
  id: number;
  roomUuid: string;
  meetRoomUuid: string;
  callerId: number;
  /** Who was called: the room's members when the call started. */
  members: number[];
  status: CallStatus;
  /** Everyone whose call has ended, in order. */
  out: number[];
  startedAt: string;
  endedAt: string | null;
  updatedAt: string;
  /** Started as a voice call (the start request's x-inferred call_type). */
  voice?: boolean;
  /** The call's room on the media server (group calls, with one running). */
  mediaRoom?: MediaRoom;
  /** Stops asking the media server's room who is in it. */
  stopWatching?: () => void;
}

/**
 * The seeded call of the realtime contract's `incoming-call` example (Rizky Pratama 57 calls Ayu
 * Lestari 42 in their direct room), so `npm run mock:emit -- incoming-call` rings a signed-in Ayu with
 * a call this sandbox knows. Fetching it after it ended makes it ring again, so every emit rings anew.
 */
export const DEMO_CALL = { id: 9001, callerId: 57, calleeId: 42, roomUuid: '9b2e4d6f-8a1c-4e3b-b5d7-0f2a4c6e8b1d', meetRoomUuid: '5b1f3c2e-8a4d-4e2b-9f6a-1c7d0e3a2b44' };
const FIRST_CALL_ID = 9101;

const ids = (users: readonly number[]) => Object.fromEntries(users.map((id) => [String(id), id]));

export interface CallsDeps extends ChatDeps {
  callEvents: CallEventEmitter | undefined;
  callMedia?: CallMediaServer | undefined;
}

export class CallStore {
  readonly calls = new Map<number, StoredCall>();
  /** Who joined, declined and left each call: its line in the room and the call history (call-history.ts). */
  readonly history = new CallHistory();
  private nextId = FIRST_CALL_ID;

  private readonly realtime: CallEventEmitter | undefined;

  constructor(realtime?: CallEventEmitter) {
    this.realtime = realtime;
  }

  start(room: Room, callerId: number, now = Date.now()): StoredCall {
    const call: StoredCall = {
      id: this.nextId++,
      roomUuid: room.uuid,
      meetRoomUuid: randomUUID(),
      callerId,
      members: [...room.members],
      status: 'ringing',
      out: [],
      startedAt: iso(now),
      endedAt: null,
      updatedAt: iso(now),
    };
    this.calls.set(call.id, call);
    this.history.started(call.id);
    this.realtime?.openCallRoom?.(call.meetRoomUuid, () => room.members, (userId) => this.joined(call.id, userId));
    return call;
  }

  seedDemo(chat: ChatStore, now = Date.now()): void {
    const room = chat.room(DEMO_CALL.roomUuid);
    if (!room) throw new Error('sandbox: the demo call needs the direct room of 57 and 42');
    const at = iso(now);
    this.calls.set(DEMO_CALL.id, {
      id: DEMO_CALL.id,
      roomUuid: room.uuid,
      meetRoomUuid: DEMO_CALL.meetRoomUuid,
      callerId: DEMO_CALL.callerId,
      members: [DEMO_CALL.callerId, DEMO_CALL.calleeId],
      status: 'ringing',
      out: [],
      startedAt: at,
      endedAt: null,
      updatedAt: at,
    });
    this.history.started(DEMO_CALL.id);
    this.realtime?.openCallRoom?.(DEMO_CALL.meetRoomUuid, () => room.members, (userId) => this.joined(DEMO_CALL.id, userId));
  }

  /** A member joined the call (its call room, or a media server's room): a callee joining answers it. */
  joined(callId: number, userId: number, now = Date.now()): void {
    const call = this.calls.get(callId);
    if (call) this.history.joined(call, userId, now);
  }
}

/** Takes the user's place in every running call's media room away (logging out). */
export async function revokeUser(deps: Pick<CallsDeps, 'callMedia'>, calls: CallStore, userId: number): Promise<void> {
  await Promise.all([...calls.calls.values()].map((call) => revokeMember(deps, call, userId)));
}

/**
 * Takes the users' places in the running calls of a room they are no longer members of (removed, or
 * left the group), and counts them out of those calls: the call no longer waits for them to end.
 */
export async function revokeFromRoom(deps: Pick<CallsDeps, 'callMedia'>, calls: CallStore, roomUuid: string, userIds: readonly number[]): Promise<void> {
  const running = [...calls.calls.values()].filter((call) => call.roomUuid === roomUuid && call.status === 'ringing');
  await Promise.all(running.flatMap((call) => userIds.map((userId) => revokeMember(deps, call, userId))));
  for (const call of running) call.out.push(...userIds.filter((userId) => call.members.includes(userId) && !call.out.includes(userId)));
}

/** Who this end is the end for, and what the call becomes. */
function ending(call: StoredCall, room: Room, userId: number, asked: unknown): { type: CallEndType; ends: number[] } {
  const still = call.members.filter((member) => !call.out.includes(member));
  if (asked === 'no_answer') return { type: 'no_answer', ends: still };
  const isCaller = userId === call.callerId;
  if (room.type === 'individual') return { type: isCaller ? 'end_call_from_caller' : 'end_call_from_receiver', ends: still };
  if (isCaller) return { type: 'end_call_from_caller_group', ends: still };
  const othersLeft = still.filter((member) => member !== userId && member !== call.callerId);
  return { type: 'end_call_from_receiver', ends: othersLeft.length === 0 ? still : [userId] };
}

/** `media` goes to a member with a place in the call's room (`userId`), and only while the call runs. */
function view(context: Pick<SandboxContext, 'publicUrl'>, call: StoredCall, roomId: number | null, media?: CallMediaServer, userId?: number): ChatRoomCall {
  const memberMedia = call.mediaRoom && media && userId !== undefined && call.status === 'ringing' ? media.mediaFor(call.mediaRoom, userId) : undefined;
  return {
    id: call.id,
    chat_room_id: roomId,
    chat_room_uuid: call.roomUuid,
    meet_room_uuid: call.meetRoomUuid,
    caller_id: call.callerId,
    caller: { ...senderOf(context, call.callerId), id: call.callerId },
    status: call.status,
    rejected_ids: ids(call.out),
    started_at: call.startedAt,
    ended_at: call.endedAt,
    created_at: call.startedAt,
    updated_at: call.updatedAt,
    call_type: call.voice ? 'voice' : 'video',
    // Each answer mints the member a fresh token (callFor has checked they are a member).
    ...(memberMedia ? { media: memberMedia } : {}),
  };
}

/** A group call's room on the media server; none (the mesh) for a direct call, without a server, or when it fails. */
async function mediaRoomFor(deps: CallsDeps, room: Room, call: StoredCall): Promise<MediaRoom | undefined> {
  if (!deps.callMedia || room.type === 'individual') return undefined;
  const callId = call.id;
  try {
    return await deps.callMedia.createRoom(`call ${callId} in ${room.name ?? room.uuid}`, call.members);
  } catch (error) {
    console.warn(`sandbox: no media server room for call ${callId}, it uses the peer-to-peer mesh: ${(error as Error).message}`);
    return undefined;
  }
}

/** A member the call runs for gets (or keeps) a place in its media room; a failure leaves them without `media`. */
async function admit(deps: CallsDeps, call: StoredCall, userId: number): Promise<void> {
  if (!call.mediaRoom || !deps.callMedia || call.status !== 'ringing' || call.out.includes(userId)) return;
  try {
    await deps.callMedia.admit(call.mediaRoom, userId);
  } catch (error) {
    console.warn(`sandbox: could not admit user ${userId} to the media room of call ${call.id}: ${(error as Error).message}`);
  }
}

/** Takes a member's place in the call's media room away (their token, their feeds); a failure is logged. */
export async function revokeMember(deps: Pick<CallsDeps, 'callMedia'>, call: StoredCall, userId: number): Promise<void> {
  if (!call.mediaRoom || !deps.callMedia || call.status !== 'ringing') return;
  try {
    await deps.callMedia.revoke(call.mediaRoom, userId);
  } catch (error) {
    console.warn(`sandbox: could not revoke user ${userId} from the media room of call ${call.id}: ${(error as Error).message}`);
  }
}

/** Destroys a finished call's room; a failure is only logged (the room then lasts until Janus stops). */
async function closeMediaRoom(deps: CallsDeps, call: StoredCall): Promise<void> {
  const room = call.mediaRoom;
  call.stopWatching?.();
  call.stopWatching = undefined;
  if (!room || !deps.callMedia) return;
  try {
    await deps.callMedia.destroyRoom(room);
  } catch (error) {
    console.warn(`sandbox: could not destroy the media server room of call ${call.id}: ${(error as Error).message}`);
  }
}

function notify(deps: CallsDeps, call: StoredCall, type: CallEventType, to: readonly number[], rejected: readonly number[]): void {
  for (const recipient of to) {
    deps.callEvents?.emit(recipient, {
      event_type: type,
      data: { recipient_id: recipient, chat_room_call_id: call.id, meet_room_uuid: call.meetRoomUuid, rejected_ids: ids(rejected) },
    });
  }
}

/** The call and its room, if the user is one of the room's members. */
function callFor(deps: CallsDeps, calls: CallStore, id: unknown, userId: number) {
  const callId = integer(id);
  const call = callId === undefined ? undefined : calls.calls.get(callId);
  const room = call && deps.store.room(call.roomUuid);
  if (!call || !room || !isMember(room, userId)) return undefined;
  return { call, room };
}

const notFound = () => fail(404, 'Call not found.');

export function callRoutes(deps: CallsDeps, calls: CallStore): SandboxRoute[] {
  const start: OperationHandler<'startChatRoomCall'> = async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    // A group whose call goes on: the member joins that call (a rejoin, or one who was not rung) and
    // nobody is rung again (x-inferred, as Teams and Meet join a meeting under way).
    const going = room.value.type === 'group' ? [...calls.calls.values()].find((candidate) => candidate.roomUuid === room.value.uuid && candidate.status === 'ringing') : undefined;
    if (going) {
      going.out = going.out.filter((member) => member !== userId);
      if (!going.members.includes(userId)) going.members.push(userId);
      going.updatedAt = iso(Date.now());
      calls.joined(going.id, userId);
      await admit(deps, going, userId);
      return context.ok({ chat_room_call: view(context, going, room.value.id, deps.callMedia, userId) });
    }
    const call = calls.start(room.value, userId);
    call.voice = body.call_type === 'voice';
    // The room exists before anyone is rung, so a callee who answers at once can join it.
    call.mediaRoom = await mediaRoomFor(deps, room.value, call);
    // Members answer a group call by joining its media room, which the call's presence channel never hears of.
    if (call.mediaRoom) call.stopWatching = deps.callMedia?.watchRoom(call.mediaRoom, (member) => calls.joined(call.id, member));
    const callees = call.members.filter((member) => member !== userId);
    notify(deps, call, 'incoming_call', callees, []);
    return context.ok({ chat_room_call: view(context, call, room.value.id, deps.callMedia, userId) });
  };

  const show: OperationHandler<'getChatRoomCall'> = async (context) => {
    const userId = userIdFromRequest(context.request);
    const found = callFor(deps, calls, context.params.id, userId);
    if (!found) return notFound();
    const { call, room } = found;
    if (call.id === DEMO_CALL.id && call.status !== 'ringing') calls.seedDemo(deps.store);
    const current = calls.calls.get(call.id)!;
    await admit(deps, current, userId);
    return context.ok({ chat_room_call: view(context, current, room.id, deps.callMedia, userId), chat_room: roomView(context, room, userId) });
  };

  const end: OperationHandler<'endCall'> = async (context) => {
    const { userId, body } = await readRequest(context);
    const found = callFor(deps, calls, body.chat_room_call_id, userId);
    if (!found) return notFound();
    const { call, room } = found;
    // Ending a call that is already over for the user changes nothing and tells nobody: end-call is
    // idempotent, as the contract asks (the app sends an end again until it gets an answer).
    if (call.status === 'ringing' && !call.out.includes(userId)) {
      const { type, ends } = ending(call, room, userId, body.event_type);
      calls.history.ended(call, userId, type, ends);
      call.out.push(...ends);
      const now = iso(Date.now());
      call.updatedAt = now;
      if (call.members.every((member) => call.out.includes(member))) {
        call.status = type === 'no_answer' ? 'no_answer' : 'ended';
        call.endedAt = now;
        await closeMediaRoom(deps, call);
      } else {
        // Out of the call is out of its media room: a member who left cannot listen on.
        await Promise.all(ends.map((member) => revokeMember(deps, call, member)));
      }
      notify(deps, call, type, ends, ends);
      // Over for everyone: the call leaves its line in the room (after the endings, as a backend would).
      if (call.status !== 'ringing') calls.history.over(context, deps, call, type);
    }
    return context.ok({ message: 'Call ended.', chat_room_call: view(context, call, room.id, deps.callMedia, userId) });
  };

  // POST /auth/logout: the sandbox's bearer tokens name their user and are kept nowhere, so there is no
  // token to revoke; what logging out takes away here is the user's place in every call's media room.
  const logout: OperationHandler<'logout'> = async (context) => {
    const userId = userIdFromRequest(context.request);
    await revokeUser(deps, calls, userId);
    return context.ok({ message: 'Logged out.' });
  };

  return [
    operation('POST', '/live-chat/chat-room-calls', 'startChatRoomCall', start),
    operation('POST', '/live-chat/chat-room-calls/end-call', 'endCall', end),
    operation('GET', '/live-chat/chat-room-calls/:id', 'getChatRoomCall', show),
    operation('POST', '/auth/logout', 'logout', logout),
    callHistoryRoute(deps, calls, (context, call, room) => view(context, call as StoredCall, room.id)),
  ];
}

// The call signalling over the broadcast connection (issue 12; asyncapi: the x-inferred `callRoom`
// channel): one presence channel per meet room, whose membership says who is in the call and whose
// `client-signal` client events carry the WebRTC negotiation between two members. Every member gets
// every signal (Pusher has no addressed client events), so a signal counts only for its `to`. Who sent
// it is what the server says (the `user_id` it attaches to a client event on a presence channel), never
// the payload's `from`: a member could otherwise end, or take over, another member's call.
import type Pusher from 'pusher-js';
import type { Members, PresenceChannel } from 'pusher-js';
import type { CallSignal, CallSignalling, MembershipChange, ReceivedSignal, SignallingRoom } from '../../shared/domain/call-signalling.ts';
import { createListenerSet } from '../../shared/events/listener-store.ts';
import { parseCallSignal } from './api/payloads.ts';

/** The Pusher client event the signals travel as (the realtime contract's `x-pusher-event`). */
export const CALL_SIGNAL_EVENT = 'client-signal';

export const callRoomChannelName = (prefix: string, meetRoomUuid: string) => `presence-${prefix}_call.${meetRoomUuid}`;

export interface CallSignallingDeps {
  client: Pusher;
  prefix: string;
  /** The signed-in user's id, as the presence channel names its members (`channel_data.user_id`). */
  selfId: string;
  /** How long a join may wait for the server's answer (default 10 s). */
  joinTimeoutMs?: number;
}

const randomSession = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');

function memberIds(members: Members, selfId: string): Set<string> {
  const ids = new Set<string>();
  members.each((member: { id: unknown }) => {
    const id = String(member.id);
    if (id !== selfId) ids.add(id);
  });
  return ids;
}

/** RTCIceCandidateInit may omit `candidate`; the contract's candidate always has one ('' ends the candidates). */
function wireSignal(signal: CallSignal): CallSignal {
  if (signal.kind !== 'candidates') return signal;
  return { kind: 'candidates', candidates: signal.candidates.map((candidate) => ({ ...candidate, candidate: candidate.candidate ?? '' })) };
}

function openRoom(deps: CallSignallingDeps, channel: PresenceChannel, name: string, onLeave: () => void): SignallingRoom & { joined(members: Members): void } {
  const { selfId } = deps;
  const session = randomSession();
  const signalHandlers = createListenerSet<[ReceivedSignal]>();
  const membershipHandlers = createListenerSet<[MembershipChange]>();
  let present = new Set<string>();
  let left = false;

  const tell = (change: MembershipChange) => {
    membershipHandlers.emit(change);
  };
  const onMemberAdded = (member: { id: unknown }) => {
    const id = String(member.id);
    if (id === selfId || present.has(id)) return; // Another window of the user is not another member.
    present.add(id);
    tell({ type: 'added', id });
  };
  const onMemberRemoved = (member: { id: unknown }) => {
    const id = String(member.id);
    if (!present.delete(id)) return;
    tell({ type: 'removed', id });
  };
  const onClientSignal = (raw: unknown, metadata?: { user_id?: unknown }) => {
    const envelope = parseCallSignal(raw, 'broadcast');
    if (!envelope || envelope.to !== selfId) return;
    const sender = metadata?.user_id;
    // No user_id: a server that does not say who sent it cannot be trusted with it either.
    if (sender === undefined || sender === null || String(sender) !== envelope.from) {
      console.warn(`realtime: dropped a call signal claiming to be from ${envelope.from} but sent by ${sender === undefined || sender === null ? 'an unnamed member' : String(sender)}`);
      return;
    }
    const received: ReceivedSignal = { from: envelope.from, session: envelope.session, signal: envelope.signal as CallSignal };
    signalHandlers.emit(received);
  };
  channel.bind('pusher:member_added', onMemberAdded);
  channel.bind('pusher:member_removed', onMemberRemoved);
  channel.bind(CALL_SIGNAL_EVENT, onClientSignal);

  return {
    selfId,
    session,
    /** The first subscription lists who is there; after a reconnection, whoever came or went meanwhile. */
    joined(members: Members) {
      const now = memberIds(members, selfId);
      const before = present;
      present = now;
      if (left) return;
      for (const id of before) if (!now.has(id)) tell({ type: 'removed', id });
      for (const id of now) if (!before.has(id)) tell({ type: 'added', id });
    },
    send(to, signal) {
      if (left) return;
      channel.trigger(CALL_SIGNAL_EVENT, { from: selfId, to, session, signal: wireSignal(signal) });
    },
    onSignal: signalHandlers.subscribe,
    onMembership(handler) {
      const remove = membershipHandlers.subscribe(handler);
      if (!left) handler({ type: 'present', ids: [...present] });
      return remove;
    },
    leave() {
      if (left) return;
      left = true;
      channel.unbind('pusher:member_added', onMemberAdded);
      channel.unbind('pusher:member_removed', onMemberRemoved);
      channel.unbind(CALL_SIGNAL_EVENT, onClientSignal);
      signalHandlers.clear();
      membershipHandlers.clear();
      deps.client.unsubscribe(name);
      onLeave();
    },
  };
}

export function createCallSignalling(deps: CallSignallingDeps): CallSignalling {
  const joinTimeoutMs = deps.joinTimeoutMs ?? 10_000;
  const joined = new Set<string>();
  return {
    join(meetRoomUuid) {
      const name = callRoomChannelName(deps.prefix, meetRoomUuid);
      if (deps.client.connection.state !== 'connected') return Promise.reject(new Error('call signalling: the broadcast connection is down'));
      // One join per room at a time: a second one would share (and its leave would end) the first's subscription.
      if (joined.has(name)) return Promise.reject(new Error(`call signalling: already in ${name}`));
      joined.add(name);
      const channel = deps.client.subscribe(name) as PresenceChannel;
      return new Promise<SignallingRoom>((resolve, reject) => {
        let settled = false;
        const room = openRoom(deps, channel, name, () => {
          joined.delete(name);
          channel.unbind('pusher:subscription_succeeded', onSucceeded);
          channel.unbind('pusher:subscription_error', onError);
        });
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          room.leave();
          reject(error);
        };
        // Also after a reconnection (pusher-js subscribes again): the room then catches up on membership.
        const onSucceeded = (members: Members) => {
          room.joined(members);
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(room);
        };
        const onError = (error: unknown) => fail(new Error(`call signalling: ${name} refused (${JSON.stringify(error)})`));
        const timer = setTimeout(() => fail(new Error(`call signalling: no answer for ${name} within ${joinTimeoutMs} ms`)), joinTimeoutMs);
        channel.bind('pusher:subscription_succeeded', onSucceeded);
        channel.bind('pusher:subscription_error', onError);
      });
    },
  };
}

// An in-memory presence channel per meet room: joining lists who is there, the others hear `added`,
// leaving tells them `removed`, and a signal reaches the addressed member at once. A test can join a
// room itself (a scripted member) next to the CallMedia under test.
import type { CallSignal, CallSignalling, MembershipChange, ReceivedSignal, SignallingRoom } from '../../../../shared/domain/call-signalling.ts';
import { createListenerSet } from '../../../../shared/events/listener-store.ts';

export interface SentSignal {
  from: string;
  to: string;
  session: string;
  signal: CallSignal;
}

export interface FakeRoom extends SignallingRoom {
  /** Signals this member received, in order. */
  readonly received: ReceivedSignal[];
  readonly left: boolean;
}

export function createSignallingHub() {
  const rooms = new Map<string, FakeRoom[]>();
  const sent: SentSignal[] = [];
  let sessions = 0;

  function joinRoom(meetRoomUuid: string, selfId: string): FakeRoom {
    const members = rooms.get(meetRoomUuid) ?? [];
    rooms.set(meetRoomUuid, members);
    const present = [...new Set(members.map((member) => member.selfId))];
    const signalHandlers = createListenerSet<[ReceivedSignal]>();
    const membershipHandlers = createListenerSet<[MembershipChange]>();
    const tell = membershipHandlers.emit;
    let left = false;
    const room: FakeRoom & { deliver(received: ReceivedSignal): void; tell(change: MembershipChange): void } = {
      selfId,
      session: `session-${++sessions}`,
      received: [],
      get left() {
        return left;
      },
      send(to, signal) {
        if (left) throw new Error('fake signalling: the room was left');
        sent.push({ from: selfId, to, session: room.session, signal });
        for (const member of members) if (member.selfId === to) (member as typeof room).deliver({ from: selfId, session: room.session, signal });
      },
      onSignal: signalHandlers.subscribe,
      onMembership(handler) {
        const remove = membershipHandlers.subscribe(handler);
        handler({ type: 'present', ids: present });
        return remove;
      },
      leave() {
        if (left) return;
        left = true;
        members.splice(members.indexOf(room), 1);
        for (const member of members) (member as typeof room).tell({ type: 'removed', id: selfId });
      },
      deliver(received) {
        room.received.push(received);
        signalHandlers.emit(received);
      },
      tell,
    };
    for (const member of members) (member as typeof room).tell({ type: 'added', id: selfId });
    members.push(room);
    return room;
  }

  return {
    sent,
    joinRoom,
    /** The signalling as the user `selfId` sees it. */
    signalling(selfId: string): CallSignalling {
      return { join: async (meetRoomUuid) => joinRoom(meetRoomUuid, selfId) };
    },
    members(meetRoomUuid: string) {
      return (rooms.get(meetRoomUuid) ?? []).map((member) => member.selfId);
    },
    /** What `from` sent to `to`, optionally of one kind. */
    signals(from: string, to: string, kind?: CallSignal['kind']) {
      return sent.filter((entry) => entry.from === from && entry.to === to && (!kind || entry.signal.kind === kind)).map((entry) => entry.signal);
    },
  };
}

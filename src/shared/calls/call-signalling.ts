// WebRTC signalling between the members of one meet room (issue 12). The realtime feature owns the
// broadcast connection (ARCHITECTURE "Realtime has one owner") and provides the signalling over it: a
// presence channel per `meet_room_uuid` whose client events carry the signals (asyncapi: the
// x-inferred `callRoom` channel). The calls feature only joins rooms through this interface.

/** One WebRTC negotiation step, addressed to one member of the room. */
export type CallSignal =
  | { kind: 'offer'; sdp: string }
  | { kind: 'answer'; sdp: string }
  /** Trickled ICE candidates, sent in small batches (brokers cap client events per second). */
  | { kind: 'candidates'; candidates: RTCIceCandidateInit[] }
  /** The sender leaves the call (also implied by the member leaving the channel). */
  | { kind: 'bye' };

/** A signal as received: who sent it (user id) and from which join of theirs (a rejoin has a new session). */
export interface ReceivedSignal {
  from: string;
  session: string;
  signal: CallSignal;
}

/** Who is in the room: on joining (`present`, without oneself), then each change. Ids are user ids. */
export type MembershipChange = { type: 'present'; ids: string[] } | { type: 'added'; id: string } | { type: 'removed'; id: string };

export interface SignallingRoom {
  /** The signed-in user's id, as the room names members. */
  readonly selfId: string;
  /** This join's session id (random per join), sent with every signal. */
  readonly session: string;
  send(to: string, signal: CallSignal): void;
  onSignal(handler: (received: ReceivedSignal) => void): () => void;
  /** The handler gets `present` at once if the room is already joined. */
  onMembership(handler: (change: MembershipChange) => void): () => void;
  leave(): void;
}

export interface CallSignalling {
  /** Joins the meet room's channel; rejects when the server refuses it or the broadcast connection is down. */
  join(meetRoomUuid: string): Promise<SignallingRoom>;
}

let provider: CallSignalling | undefined;
const waiting = new Set<(signalling: CallSignalling) => void>();

/** The realtime feature registers its signalling while the broadcast connection is open; returns the withdrawal. */
export function provideCallSignalling(next: CallSignalling): () => void {
  provider = next;
  for (const resolve of [...waiting]) resolve(next);
  waiting.clear();
  return () => {
    if (provider === next) provider = undefined;
  };
}

/** The signalling, once the realtime feature has provided it (it loads after the first screen). */
export function callSignalling(timeoutMs = 10_000): Promise<CallSignalling> {
  if (provider) return Promise.resolve(provider);
  return new Promise((resolve, reject) => {
    const done = (signalling: CallSignalling) => {
      clearTimeout(timer);
      resolve(signalling);
    };
    const timer = setTimeout(() => {
      waiting.delete(done);
      reject(new Error('call signalling: the realtime connection is not available'));
    }, timeoutMs);
    waiting.add(done);
  });
}

// WebRTC signalling between the members of one meet room (issue 12). The realtime feature owns the
// broadcast connection (ARCHITECTURE "Realtime has one owner") and provides the signalling over it: a
// presence channel per `meet_room_uuid` whose client events carry the signals (asyncapi: the
// x-inferred `callRoom` channel). The calls feature only joins rooms through this interface (and waits
// for it while the connection opens: src/features/calls/media/wait-for-signalling.ts).

import { createListenerSet } from '../events/listener-store.ts';

/** One WebRTC negotiation step, addressed to one member of the room. */
export type CallSignal =
  | { kind: 'offer'; sdp: string }
  | { kind: 'answer'; sdp: string }
  /** Trickled ICE candidates, sent in small batches (brokers cap client events per second). */
  | { kind: 'candidates'; candidates: RTCIceCandidateInit[] }
  /**
   * The sender's microphone and camera, once connected and on each change: a muted microphone sends
   * silence and a camera turned off black frames, so the media alone cannot tell the other side.
   */
  | { kind: 'media-state'; audio: boolean; video: boolean }
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

// Module state, on purpose: the page has one broadcast connection, whose signalling comes and goes with
// it, and a call's media (deep inside a call screen) waits for it here (wait-for-signalling.ts).
let provider: CallSignalling | undefined;
const watchers = createListenerSet<[CallSignalling | undefined]>();

const tell = () => watchers.emit(provider);

/** The realtime feature registers its signalling while the broadcast connection is open; returns the withdrawal. */
export function provideCallSignalling(next: CallSignalling): () => void {
  provider = next;
  tell();
  return () => {
    if (provider !== next) return;
    provider = undefined;
    tell();
  };
}

/** The signalling while the broadcast connection is open, else undefined. */
export const currentCallSignalling = (): CallSignalling | undefined => provider;

/** Told each time the signalling comes or goes; returns the removal. */
export const watchCallSignalling = (watcher: (signalling: CallSignalling | undefined) => void): (() => void) => watchers.subscribe(watcher);

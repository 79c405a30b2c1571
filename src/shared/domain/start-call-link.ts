// The start-call screen's address (SPEC §2 video-call/direct-video-call) and the one thing that lets it
// start a call by itself (issue 19). A call rings someone else and sends them the camera, so only a tap
// inside the app may start it: in-app buttons open the screen with a StartCallIntent in the navigation
// state, which a typed URL, a link in a message, redirect_to, a push or a notification cannot carry
// (safe-path turns those into plain paths). Opened without it, the screen shows whom it would call and
// waits for the Call button. Shared because chat's room header and the Call tab both open it.

import * as paths from '../routes/paths.ts';

export type CallTarget = { kind: 'person'; userId: number } | { kind: 'room'; roomUuid: string };

/** The start screen's address for a target (`?user_id=` or `?chat_room_uuid=`, SPEC §2). */
export const startCallPath = (target: CallTarget): string =>
  `${paths.startCall}?${new URLSearchParams(target.kind === 'person' ? { user_id: String(target.userId) } : { chat_room_uuid: target.roomUuid }).toString()}`;

/** One string per target, so an intent given for one person never starts a call to another. */
export const callTargetKey = (target: CallTarget): string => (target.kind === 'person' ? `user:${target.userId}` : `room:${target.roomUuid}`);

export interface StartCallIntent {
  startCall: string;
  /** "Voice call" was tapped: the call starts with the camera off, and the camera is not asked for. */
  voice?: true;
}

/** The navigation state an in-app call button passes: "this tap means call this target now" (by voice only, if so). */
export const startCallIntent = (target: CallTarget, voice = false): StartCallIntent => (voice ? { startCall: callTargetKey(target), voice } : { startCall: callTargetKey(target) });

/** The tap asked for a voice call. */
export const intendsVoiceCall = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Partial<StartCallIntent>).voice === true;

/** The target key an in-app tap asked to call, read from the navigation state; null for anything else. */
export function intendedCallKey(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const key = (state as Partial<StartCallIntent>).startCall;
  return typeof key === 'string' ? key : null;
}

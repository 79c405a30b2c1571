// Starting a call (SPEC §2 video-call/direct-video-call, §7): with a person, their direct room first
// (POST /live-chat/start-individual-chat "returns chat_room (also used by video calls)"), then the
// call in the room (POST /live-chat/chat-room-calls); a group's room is called directly.
import { startChatRoomCallMutation, startIndividualChatMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoomCall } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import type { NavigateFunction } from 'react-router';
import { startCallIntent, startCallPath, type CallTarget } from '../../../shared/domain/start-call-link.ts';
import { callOf, type KnownCall } from './call.ts';

export type { ChatRoomCall, KnownCall };

export type { CallTarget };

/** The direct chat could not be started: SPEC §8 has that failure only logged, never shown. */
export class DirectChatStartError extends Error {
  constructor(cause: unknown) {
    super('Starting the direct chat for a call failed', { cause });
    this.name = 'DirectChatStartError';
  }
}

async function directRoomUuid(userId: number): Promise<string> {
  try {
    return (await call(startIndividualChatMutation())({ body: { user_id: userId } })).chat_room.uuid;
  } catch (error) {
    throw new DirectChatStartError(error);
  }
}

export async function startCall(target: CallTarget, voice = false): Promise<KnownCall> {
  const roomUuid = target.kind === 'room' ? target.roomUuid : await directRoomUuid(target.userId);
  // call_type (x-inferred) tells the callees it is a voice call, so they answer without the camera too.
  const answer = await call(startChatRoomCallMutation())({ body: voice ? { chat_room_uuid: roomUuid, call_type: 'voice' } : { chat_room_uuid: roomUuid } });
  return callOf(answer);
}

/** The navigation state of the hand-over from the start screen: this call was started by a tap here, so join it. */
export interface JoinCallIntent {
  joinCall: number;
  /** Started as a voice call: joined without the camera, even from a backend that does not keep `call_type`. */
  voice?: true;
}

/** The call id the start screen's hand-over names, read from the navigation state; null for anything else. */
export function intendedJoinId(state: unknown): number | null {
  const id = typeof state === 'object' && state !== null ? (state as Partial<JoinCallIntent>).joinCall : undefined;
  return typeof id === 'number' ? id : null;
}

/** The start screen's hand-over says a voice call. */
export const joinsAsVoiceCall = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Partial<JoinCallIntent>).voice === true;

/** A call button's tap: the start screen with the intent that lets it start at once (issue 19). */
export const callFromTap = (navigate: NavigateFunction, target: CallTarget, voice = false) => void navigate(startCallPath(target), { state: startCallIntent(target, voice) });

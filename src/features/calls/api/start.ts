// Starting a call (SPEC §2 video-call/direct-video-call, §7): with a person, their direct room first
// (POST /live-chat/start-individual-chat "returns chat_room (also used by video calls)"), then the
// call in the room (POST /live-chat/chat-room-calls); a group's room is called directly.
import { startChatRoomCallMutation, startIndividualChatMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoomCall } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { endCall } from './call.ts';

export type { ChatRoomCall };

export type CallTarget = { kind: 'person'; userId: number } | { kind: 'room'; roomUuid: string };

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

export async function startCall(target: CallTarget): Promise<ChatRoomCall> {
  const roomUuid = target.kind === 'room' ? target.roomUuid : await directRoomUuid(target.userId);
  const answer = await call(startChatRoomCallMutation())({ body: { chat_room_uuid: roomUuid } });
  return answer.chat_room_call;
}

/** A call started after the caller gave up must not keep ringing the other side; a failure here changes nothing for the caller. */
export async function abandonCall(chatRoomCall: ChatRoomCall): Promise<void> {
  try {
    await endCall(chatRoomCall.id);
  } catch (error) {
    console.warn('Ending an abandoned call failed', error);
  }
}

export const START_CALL_PATH = '/video-call/direct-video-call';

/** The start screen's address for a target (`?user_id=` or `?chat_room_uuid=`, SPEC §2). */
export const startCallPath = (target: CallTarget) =>
  `${START_CALL_PATH}?${new URLSearchParams(target.kind === 'person' ? { user_id: String(target.userId) } : { chat_room_uuid: target.roomUuid }).toString()}`;

/** Where the started call is shown (the in-call screen of SPEC §2). */
export const callPath = (chatRoomCall: Pick<ChatRoomCall, 'id'>) => `/chat/chat-detail/video-call/${chatRoomCall.id}`;

// One call (issue 12): the screen opened on an incoming call loads it with its room
// (GET /live-chat/chat-room-calls/{id}); ending, declining and giving up go through end-call, whose
// event_type tells the server which call event to broadcast (SPEC §3, §4).
import { useQuery } from '@tanstack/react-query';
import { endCallMutation, getChatRoomCallOptions, getChatRoomOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { getChatRoomCall } from '../../../../generated/http/sdk.gen.ts';
import type { ChatRoom, ChatRoomCall, Employee, EndCallRequest, GetChatRoomCallResponse } from '../../../../generated/http/types.gen.ts';
import { ApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/call-mutation.ts';

export type { ChatRoom, ChatRoomCall, Employee };
export type EndReason = NonNullable<EndCallRequest['event_type']>;

/** A call the app can join or end: one with its id. */
export type KnownCall = ChatRoomCall & { id: number };

/**
 * The call an answer carries. `chat_room_call` and its `id` are inferred (the contract makes them
 * optional): an answer without them counts as a failed call, as a malformed answer does.
 */
export function callOf(answer: { chat_room_call?: ChatRoomCall }): KnownCall {
  const chatRoomCall = answer.chat_room_call;
  if (chatRoomCall?.id === undefined) throw new ApiError('malformed', 200, answer);
  return chatRoomCall as KnownCall;
}

/** What the call screen loads: the call (with its id) and its room. */
export type LoadedCall = Omit<GetChatRoomCallResponse, 'chat_room_call'> & { chat_room_call: KnownCall };

export function useChatRoomCall(id: number | undefined) {
  return useQuery({
    ...getChatRoomCallOptions({ path: { id: id ?? 0 } }),
    select: (answer): LoadedCall => ({ ...answer, chat_room_call: callOf(answer) }),
    enabled: id !== undefined,
    // A call is live state: what is on screen after it loaded comes from the call events and the media.
    staleTime: Infinity,
    gcTime: 0,
    // Once more after a network slip; a call that is gone (404) stays gone.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** Without a reason the server tells caller from receiver (the contract makes event_type optional). */
export function endCall(chatRoomCallId: number, eventType?: EndReason): Promise<unknown> {
  return call(endCallMutation())({ body: { chat_room_call_id: chatRoomCallId, ...(eventType ? { event_type: eventType } : {}) } });
}

/** The people of the call's room (GET /live-chat/chat-room/{uuid}): names for the tiles and the attendee list. */
export function useCallRoomPeople(roomUuid: string | null | undefined) {
  return useQuery({ ...getChatRoomOptions({ path: { uuid: roomUuid ?? '' } }), enabled: Boolean(roomUuid), staleTime: 60_000 });
}

/** The call as the server has it now; rejects on any failure. */
export async function fetchCall(chatRoomCallId: number): Promise<KnownCall> {
  const { data } = await getChatRoomCall({ path: { id: chatRoomCallId }, throwOnError: true });
  return callOf(data);
}

/**
 * The call's status as the server has it now (ringing, ended, no_answer…); rejects on any other
 * failure. For a call the user is in (issue 33): its newest `media` goes to `renew` (a media
 * server's short-lived token and roster are renewed with every answer), and a call the server no
 * longer shows the user (404: removed from its group) is over for them.
 */
export async function fetchCallStatusRenewing(chatRoomCallId: number, renew: ((media: unknown) => void) | undefined): Promise<string | null | undefined> {
  try {
    const current = await fetchCall(chatRoomCallId);
    renew?.(current.media);
    return current.status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'ended';
    throw error;
  }
}

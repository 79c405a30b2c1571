// One call (issue 12): the screen opened on an incoming call loads it with its room
// (GET /live-chat/chat-room-calls/{id}); ending, declining and giving up go through end-call, whose
// event_type tells the server which call event to broadcast (SPEC §3, §4).
import { useQuery } from '@tanstack/react-query';
import { endCallMutation, getChatRoomCallOptions, getChatRoomOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoom, ChatRoomCall, Employee, EndCallRequest } from '../../../../generated/http/types.gen.ts';

export type { ChatRoom, ChatRoomCall, Employee };
export type EndReason = NonNullable<EndCallRequest['event_type']>;

export function useChatRoomCall(id: number | undefined) {
  return useQuery({
    ...getChatRoomCallOptions({ path: { id: id ?? 0 } }),
    enabled: id !== undefined,
    // A call is live state: what is on screen after it loaded comes from the call events and the media.
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
}

const endCallFn = endCallMutation().mutationFn;

export function endCall(chatRoomCallId: number, eventType: EndReason): Promise<unknown> {
  if (!endCallFn) throw new Error('generated mutation without mutationFn');
  return endCallFn({ body: { chat_room_call_id: chatRoomCallId, event_type: eventType } }, undefined as never);
}

/** The people of the call's room (GET /live-chat/chat-room/{uuid}): names for the tiles and the attendee list. */
export function useCallRoomPeople(roomUuid: string | null | undefined) {
  return useQuery({ ...getChatRoomOptions({ path: { uuid: roomUuid ?? '' } }), enabled: Boolean(roomUuid), staleTime: 60_000 });
}

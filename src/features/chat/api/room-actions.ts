// What a person does to a whole room (SPEC §7 live chat v1): mute or unmute it, delete the chat, leave
// a group. Loaded on the tap (the room's menu, the group's detail screen), not with the room's start.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteChatMutation, getChatHomeQueryKey, leaveGroupMutation, muteChatMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatHomeResponse } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { chatMessages } from '../store/chat-messages.ts';
import { isTruthyFlag, type ChatRoom } from './message-model.ts';
import { refetchChatHome, updateHome } from './rooms.ts';

/** Removes a room from the cached list, and asks for the list again. */
function afterRoomAction(queryClient: QueryClient, roomUuid: string, drop: boolean) {
  if (drop) updateHome(queryClient, (rooms) => rooms.filter((room) => room.uuid !== roomUuid));
  void refetchChatHome(queryClient);
}

export async function deleteRoom(queryClient: QueryClient, roomUuid: string): Promise<void> {
  await call(deleteChatMutation())({ body: { chat_room_uuid: roomUuid } });
  afterRoomAction(queryClient, roomUuid, true);
}

export async function leaveRoom(queryClient: QueryClient, roomUuid: string): Promise<void> {
  await call(leaveGroupMutation())({ body: { chat_room_uuid: roomUuid } });
  afterRoomAction(queryClient, roomUuid, true);
}

/** Mutes a room, or unmutes it (the server toggles). */
export async function muteRoom(queryClient: QueryClient, roomUuid: string): Promise<void> {
  const answer = (await call(muteChatMutation())({ body: { chat_room_uuid: roomUuid } })) as { chat_room?: Partial<ChatRoom> | null };
  setMutedFromAnswer(queryClient, roomUuid, answer);
  afterRoomAction(queryClient, roomUuid, false);
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ body }: { body: { chat_room_uuid: string } }) => leaveRoom(queryClient, body.chat_room_uuid) });
}

/**
 * A mute toggled: the room's flag changes wherever the room is held — the chat home (the list's mark)
 * and the chat's store (the open room's header and menu read the room from its pages). Both get the
 * same value: the answer's room's flag, else (the field is inferred) the opposite of what the list
 * knew (else the room's pages).
 */
export function setMutedFromAnswer(queryClient: QueryClient, roomUuid: string, answer?: { chat_room?: Partial<ChatRoom> | null }) {
  const listed = queryClient.getQueryData<ChatHomeResponse>(getChatHomeQueryKey())?.chat_rooms?.find((room) => room.uuid === roomUuid);
  const answered = answer?.chat_room?.is_muted;
  const muted = answered !== undefined && answered !== null ? (isTruthyFlag(answered) ? 1 : 0) : isTruthyFlag((listed ?? chatMessages.roomOf(roomUuid))?.is_muted) ? 0 : 1;
  updateHome(queryClient, (rooms) => rooms.map((room) => (room.uuid === roomUuid ? { ...room, is_muted: muted } : room)));
  chatMessages.patchRoom(roomUuid, { is_muted: muted });
}

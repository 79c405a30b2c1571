// The chat list's reads and a room's listings (SPEC §7 live chat v1): the chat home, the rooms found by
// name, the list's order, and a room's files, links and (v1) participants. The open room's own use of
// the chat home is rooms.ts.
import { useQuery } from '@tanstack/react-query';
import { getChatRoomFilesOptions, getChatRoomOptions, getChatRoomLinksOptions, searchChatRoomsOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { chatHomeOptions } from '../../../api/chat-home.ts';
import { parseDate } from '../../../shared/format/formatters.ts';
import type { ChatRoom } from './message-model.ts';

export type { ChatFile, ChatLink } from '../../../../generated/http/types.gen.ts';

export function useChatHome() {
  return useQuery(chatHomeOptions());
}

export function useRoomSearch(keyword: string) {
  return useQuery({ ...searchChatRoomsOptions({ query: { keyword } }), enabled: keyword.trim() !== '' });
}

const time = (value: string | null | undefined) => parseDate(value)?.getTime() ?? 0;

/** Pinned rooms first (most recently pinned on top), then by last activity. Keys are read once per room. */
export function sortRooms(rooms: readonly ChatRoom[]): ChatRoom[] {
  return rooms
    .map((room) => ({ room, pinned: time(room.pinned_at), activity: time(room.last_message?.created_at ?? room.updated_at ?? room.created_at) }))
    .sort((a, b) => Number(Boolean(b.room.pinned_at)) - Number(Boolean(a.room.pinned_at)) || b.pinned - a.pinned || b.activity - a.activity)
    .map(({ room }) => room);
}

export function useRoomFiles(roomUuid: string, enabled: boolean) {
  return useQuery({ ...getChatRoomFilesOptions({ path: { uuid: roomUuid } }), enabled });
}

export function useRoomLinks(roomUuid: string, enabled: boolean) {
  return useQuery({ ...getChatRoomLinksOptions({ path: { uuid: roomUuid } }), enabled });
}

/** The room with its participants (v1 `GET /live-chat/chat-room/{uuid}`): the v1 room's member list. */
export function useRoomParticipants(roomUuid: string) {
  return useQuery(getChatRoomOptions({ path: { uuid: roomUuid } }));
}

// How chats begin and how groups are run (SPEC §2, §4, §5, §7): starting a direct chat, creating
// group / HR / urgent chats, on v2 group search and clone, the group's detail, members, admins and
// settings (the people to choose come from directory.ts). The screens use these hooks
// and never the generated `…V2` names (ARCHITECTURE: version suffixes stay in api/).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addGroupAdminV2Mutation,
  addParticipantsV2Mutation,
  cloneGroupChatV2Mutation,
  createChatWithHrGroupChatMutation,
  createUrgentGroupChatMutation,
  getChatDetailByUuidV2Mutation,
  getChatGroupSetupV2Options,
  getChatDetailV2QueryKey,
  getChatHomeQueryKey,
  getGroupMembersV2QueryKey,
  getGroupSettingsV2Options,
  getGroupSettingsV2QueryKey,
  removeGroupMemberV2Mutation,
  removeParticipantsV2Mutation,
  saveGroupSettingsV2Mutation,
  searchGroupChatsV2Options,
  startGroupChatMutation,
  startIndividualChatMutation,
  updateGroupDetailV2Mutation,
  getGroupMembersV2Options,
} from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatDetailResponse, GroupMemberV2, GroupSettings } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import type { ChatRoom } from './message-model.ts';

export type { GroupSettings };
export type GroupMember = GroupMemberV2;
/** The detail with its room: the answer's, or (the field is inferred) the room as the chat list knows it. */
export type GroupDetail = ChatDetailResponse & { chat_room: ChatRoom };

/** A new room is known to the chat list at once (then confirmed by a refetch). */
function rememberRoom(queryClient: QueryClient, room: ChatRoom) {
  queryClient.setQueryData<{ chat_rooms: ChatRoom[] }>(getChatHomeQueryKey(), (home) =>
    home && !home.chat_rooms.some((known) => known.uuid === room.uuid) ? { ...home, chat_rooms: [room, ...home.chat_rooms] } : home,
  );
  void queryClient.invalidateQueries({ queryKey: getChatHomeQueryKey() });
}

function useRoomCreation<V>(create: (variables: V) => Promise<{ chat_room: ChatRoom }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => create(variables).then((answer) => answer.chat_room),
    onSuccess: (room) => rememberRoom(queryClient, room),
  });
}

/**
 * A copy of a group (v2 clone). Its answer's room is inferred: without it the copy counts as made and
 * the chat list shows it once refreshed (the mutation then gives undefined, and the list is refetched).
 */
export function useCloneGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomUuid, name }: { roomUuid: string; name: string }) =>
      call(cloneGroupChatV2Mutation())({ body: { chat_room_uuid: roomUuid, name } }).then((answer) => answer.chat_room),
    onSuccess: (room) => (room ? rememberRoom(queryClient, room) : void queryClient.invalidateQueries({ queryKey: getChatHomeQueryKey() })),
  });
}

export const useStartDirectChat = () => useRoomCreation((userId: number) => call(startIndividualChatMutation())({ body: { user_id: userId } }));

export interface NewGroup {
  name: string;
  participants: number[];
  urgent?: boolean;
}
export const useCreateGroupChat = () =>
  useRoomCreation(({ name, participants, urgent }: NewGroup) =>
    call(urgent ? createUrgentGroupChatMutation() : startGroupChatMutation())({ body: { name, participants } }),
  );
export const useHrChat = () => useRoomCreation(() => call(createChatWithHrGroupChatMutation())({}));

export function useGroupSearch(keyword: string) {
  return useQuery({ ...searchGroupChatsV2Options({ query: { keyword } }), enabled: keyword.trim() !== '' });
}

// ---- Group detail (/chats/detail) ----

/** The detail is read by uuid (the address holds the uuid); it also carries the room's id for the id-based calls. */
export const groupDetailKey = (roomUuid: string) => ['chat-detail', roomUuid] as const;

export function useGroupDetail(roomUuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: groupDetailKey(roomUuid),
    queryFn: async (): Promise<GroupDetail> => {
      const answer = await call(getChatDetailByUuidV2Mutation())({ body: { chat_room_uuid: roomUuid } });
      const listed = queryClient.getQueryData<{ chat_rooms?: ChatRoom[] }>(getChatHomeQueryKey())?.chat_rooms?.find((room) => room.uuid === roomUuid);
      const room = answer.chat_room ?? listed;
      // Neither the answer nor the chat list names the room: nothing to show it by (the screen's load error).
      if (!room) throw new Error(`The detail of room ${roomUuid} names no room, and the chat list does not know it`);
      return { ...answer, chat_room: room };
    },
    enabled: roomUuid !== '',
  });
}

/** A group as it would be set up again (`GET /v2/live-chat/setup-chat-group/{id}`): who a copy takes along. */
export function useGroupSetup(roomId: number | undefined) {
  return useQuery({ ...getChatGroupSetupV2Options({ path: { id: roomId ?? 0 } }), enabled: roomId !== undefined });
}

export function useGroupMembers(roomId: number | undefined) {
  return useQuery({ ...getGroupMembersV2Options({ path: { id: roomId ?? 0 } }), enabled: roomId !== undefined });
}

/** The generated queries a group change makes stale (hey-api keys start with `{ _id: operationId }`). */
const GROUP_QUERIES = new Set<unknown>([getGroupMembersV2QueryKey({ path: { id: 0 } })[0]._id, getChatDetailV2QueryKey({ path: { id: 0 } })[0]._id]);

/** After any change to a group: its detail, members and the chat list are fetched again. */
function useGroupChange<V>(roomUuid: string, change: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupDetailKey(roomUuid) });
      void queryClient.invalidateQueries({ predicate: (query) => GROUP_QUERIES.has((query.queryKey[0] as { _id?: unknown } | undefined)?._id) });
      void queryClient.invalidateQueries({ queryKey: getChatHomeQueryKey() });
    },
  });
}

export const useAddParticipants = (roomUuid: string) =>
  useGroupChange(roomUuid, (participants: number[]) => call(addParticipantsV2Mutation())({ body: { chat_room_uuid: roomUuid, participants } }));
export const useRemoveParticipants = (roomUuid: string) =>
  useGroupChange(roomUuid, (participants: number[]) => call(removeParticipantsV2Mutation())({ body: { chat_room_uuid: roomUuid, participants } }));
export const useRemoveMember = (roomUuid: string) =>
  useGroupChange(roomUuid, (userId: number) => call(removeGroupMemberV2Mutation())({ body: { chat_room_uuid: roomUuid, user_id: userId } }));
export const useMakeAdmin = (roomUuid: string) =>
  useGroupChange(roomUuid, (userId: number) => call(addGroupAdminV2Mutation())({ body: { chat_room_uuid: roomUuid, user_id: userId } }));

export interface GroupEdit {
  name?: string;
  description?: string;
  avatar?: Blob;
}
export const useEditGroup = (roomUuid: string, roomId: number | undefined) =>
  useGroupChange(roomUuid, ({ name, description, avatar }: GroupEdit) =>
    call(updateGroupDetailV2Mutation())({
      path: { id: roomId ?? 0 },
      body: { _method: 'PATCH', ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}), ...(avatar ? { avatar } : {}) },
    }),
  );

export function useGroupSettings(roomId: number | undefined) {
  return useQuery({ ...getGroupSettingsV2Options({ path: { id: roomId ?? 0 } }), enabled: roomId !== undefined });
}

/** Saves the group's settings; SPEC §3: the ids go as strings. */
export function useSaveGroupSettings(roomId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Omit<GroupSettings, 'chat_room_id'>) =>
      call(saveGroupSettingsV2Mutation())({
        body: {
          chat_room_id: roomId ?? 0,
          business_units: settings.business_units.map(String),
          companies: settings.companies.map(String),
          outlets: settings.outlets.map(String),
        },
      }),
    onSuccess: (answer) => queryClient.setQueryData(getGroupSettingsV2QueryKey({ path: { id: roomId ?? 0 } }), answer),
  });
}


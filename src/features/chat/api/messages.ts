// A room's messages through one adapter per API version (SPEC §2: /live-chat/chat-room speaks v1,
// /chats/chat speaks v2 where v2 has the call). Screens get RoomMessage pages and never see which
// version answered. v2 has no jump-to-message, pin, delete or mute call, so both use v1's for those.
import {
  deleteMessageMutation,
  listPinnedMessagesV2Mutation,
  pinMessageMutation,
  readMessagesV2Mutation,
  resetMetaMutation,
  sendMessageMutation,
  sendMessageV2Mutation,
  unpinMessageMutation,
  updateMessageV2Mutation,
  viewChatAroundMessageMutation,
  viewChatMutation,
  viewChatV2Mutation,
} from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatMessagePage, MessagePageV2 } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { fromV1, fromV2, type ChatRoom, type RoomMessage } from './message-model.ts';

export type ChatVersion = 'v1' | 'v2';

export interface MessagePage {
  /** Newest first, as the server pages them. */
  messages: RoomMessage[];
  page: number;
  lastPage: number;
  room: ChatRoom | undefined;
  /** v1 answers the pinned messages with every page. */
  pinned: RoomMessage[] | undefined;
}

export interface ChatAdapter {
  version: ChatVersion;
  viewPage(roomUuid: string, page: number): Promise<MessagePage>;
  /** The page holding a message (a pinned message tapped). */
  viewAround(roomUuid: string, messageUuid: string): Promise<MessagePage>;
  send(roomUuid: string, text: string, clientId: string): Promise<RoomMessage>;
  /** SPEC §4 "read marks on open": v1 reset-meta, v2 read-message. */
  markRead(roomUuid: string): Promise<void>;
  pinnedList(room: { id: number; uuid: string }): Promise<RoomMessage[]>;
  /** v2 only (update-message). */
  edit: ((messageUuid: string, text: string) => Promise<RoomMessage>) | undefined;
  pin(roomUuid: string, messageUuid: string): Promise<void>;
  unpin(roomUuid: string, messageUuid: string): Promise<void>;
  remove(roomUuid: string, messageUuid: string): Promise<void>;
}

function pageOf(messages: ChatMessagePage | MessagePageV2, map: (message: never) => RoomMessage) {
  const page = messages.current_page ?? 1;
  return {
    messages: (messages.data as never[]).map(map),
    page,
    lastPage: Math.max(page, messages.last_page ?? page),
  };
}

const shared = {
  viewAround: async (roomUuid: string, messageUuid: string): Promise<MessagePage> => {
    const answer = await call(viewChatAroundMessageMutation())({ path: { message_uuid: messageUuid }, body: { chat_room_uuid: roomUuid } });
    return { ...pageOf(answer.messages, fromV1), room: answer.chat_room, pinned: answer.pinned_messages?.map(fromV1) };
  },
  pin: async (roomUuid: string, messageUuid: string) => {
    await call(pinMessageMutation())({ body: { message_uuid: messageUuid, chat_room_uuid: roomUuid } });
  },
  unpin: async (roomUuid: string, messageUuid: string) => {
    await call(unpinMessageMutation())({ body: { message_uuid: messageUuid, chat_room_uuid: roomUuid } });
  },
  remove: async (roomUuid: string, messageUuid: string) => {
    await call(deleteMessageMutation())({ body: { message_uuid: messageUuid, chat_room_uuid: roomUuid } });
  },
};

const v1: ChatAdapter = {
  version: 'v1',
  ...shared,
  async viewPage(roomUuid, page) {
    const answer = await call(viewChatMutation())({ query: { page }, body: { chat_room_uuid: roomUuid } });
    return { ...pageOf(answer.messages, fromV1), room: answer.chat_room, pinned: answer.pinned_messages?.map(fromV1) };
  },
  async send(roomUuid, text, clientId) {
    const answer = await call(sendMessageMutation())({ body: { chat_room_uuid: roomUuid, message: text, client_message_id: clientId } });
    return fromV1(answer.message);
  },
  async markRead(roomUuid) {
    await call(resetMetaMutation())({ body: { chat_room_uuid: roomUuid } });
  },
  async pinnedList(room) {
    return (await v1.viewPage(room.uuid, 1)).pinned ?? [];
  },
  edit: undefined,
};

const v2: ChatAdapter = {
  version: 'v2',
  ...shared,
  async viewPage(roomUuid, page) {
    const answer = await call(viewChatV2Mutation())({ query: { page }, body: { chat_room_uuid: roomUuid } });
    return { ...pageOf(answer.messages, fromV2), room: answer.chat_room, pinned: undefined };
  },
  async send(roomUuid, text, clientId) {
    const answer = await call(sendMessageV2Mutation())({ body: { chat_room_uuid: roomUuid, message: text, client_message_id: clientId } });
    return fromV2(answer.message);
  },
  async markRead(roomUuid) {
    await call(readMessagesV2Mutation())({ body: { chat_room_uuid: roomUuid } });
  },
  async pinnedList(room) {
    const answer = await call(listPinnedMessagesV2Mutation())({ body: { chatRoomId: room.id } });
    return answer.pinned_messages.map(fromV2);
  },
  async edit(messageUuid, text) {
    const answer = await call(updateMessageV2Mutation())({ body: { message_uuid: messageUuid, message: text } });
    return fromV2(answer.message);
  },
};

export const chatAdapter = (version: ChatVersion): ChatAdapter => (version === 'v2' ? v2 : v1);

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
import { fromV1, fromV2, mapMessages, type ChatRoom, type RoomMessage } from './message-model.ts';

/** The API family of the address a chat screen was opened at (src/shared/routes/paths.ts). */
export type { ChatVersion } from '../../../shared/routes/paths.ts';
import type { ChatVersion } from '../../../shared/routes/paths.ts';

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
  /** The server's message; none when its answer leaves it out (it counts as sent and shows from its live event or the next load). */
  send(roomUuid: string, text: string, clientId: string, replyTo?: string): Promise<RoomMessage[]>;
  /** SPEC §4 "read marks on open": v1 reset-meta, v2 read-message. */
  markRead(roomUuid: string): Promise<void>;
  pinnedList(room: { id: number; uuid: string }): Promise<RoomMessage[]>;
  /** v2 only (update-message); null when the answer leaves the message out (the edit counts as done). */
  edit: ((messageUuid: string, text: string) => Promise<RoomMessage | null>) | undefined;
  pin(roomUuid: string, messageUuid: string): Promise<void>;
  unpin(roomUuid: string, messageUuid: string): Promise<void>;
  remove(roomUuid: string, messageUuid: string): Promise<void>;
}

/** A page as the contract's fallbacks read it: no data, no messages; no page numbers, the page asked for and the last. */
function pageOf(messages: ChatMessagePage | MessagePageV2 | undefined, map: (message: never) => RoomMessage | null, asked: number) {
  const page = messages?.current_page ?? asked;
  return {
    messages: mapMessages(messages?.data as never[] | undefined, map),
    page,
    lastPage: Math.max(page, messages?.last_page ?? page),
  };
}

const one = (message: RoomMessage | null) => (message ? [message] : []);

const shared = {
  viewAround: async (roomUuid: string, messageUuid: string): Promise<MessagePage> => {
    const answer = await call(viewChatAroundMessageMutation())({ path: { message_uuid: messageUuid }, body: { chat_room_uuid: roomUuid } });
    return { ...pageOf(answer.messages, fromV1, 1), room: answer.chat_room, pinned: answer.pinned_messages && mapMessages(answer.pinned_messages, fromV1) };
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
    return { ...pageOf(answer.messages, fromV1, page), room: answer.chat_room, pinned: answer.pinned_messages && mapMessages(answer.pinned_messages, fromV1) };
  },
  async send(roomUuid, text, clientId, replyTo) {
    const answer = await call(sendMessageMutation())({ body: { chat_room_uuid: roomUuid, message: text, client_message_id: clientId, ...(replyTo ? { reply_to_message_uuid: replyTo } : {}) } });
    return one(answer.message ? fromV1(answer.message) : null);
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
    return { ...pageOf(answer.messages, fromV2, page), room: answer.chat_room, pinned: undefined };
  },
  async send(roomUuid, text, clientId, replyTo) {
    const answer = await call(sendMessageV2Mutation())({ body: { chat_room_uuid: roomUuid, message: text, client_message_id: clientId, ...(replyTo ? { reply_to_message_uuid: replyTo } : {}) } });
    return one(answer.message ? fromV2(answer.message) : null);
  },
  async markRead(roomUuid) {
    await call(readMessagesV2Mutation())({ body: { chat_room_uuid: roomUuid } });
  },
  async pinnedList(room) {
    const answer = await call(listPinnedMessagesV2Mutation())({ body: { chatRoomId: room.id } });
    return mapMessages(answer.pinned_messages, fromV2);
  },
  async edit(messageUuid, text) {
    const answer = await call(updateMessageV2Mutation())({ body: { message_uuid: messageUuid, message: text } });
    return answer.message ? fromV2(answer.message) : null;
  },
};

export const chatAdapter = (version: ChatVersion): ChatAdapter => (version === 'v2' ? v2 : v1);

// Test data for the chat feature: RoomMessages and contract-shaped v1/v2 messages and rooms.
import type { ChatRoom, fromV1, fromV2, RoomMessage } from '../api/message-model.ts';

/** The contract's v1 and v2 message types, as the model maps them. */
export type ChatMessage = Parameters<typeof fromV1>[0];
export type ChatMessageV2 = Parameters<typeof fromV2>[0];

export function roomMessage(overrides: Partial<RoomMessage> & { uuid: string }): RoomMessage {
  return {
    id: 1,
    clientId: null,
    senderId: 7,
    senderName: 'Ayu Lestari',
    senderAvatar: null,
    own: false,
    kind: 'text',
    text: 'hello',
    file: null,
    sticker: null,
    poll: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    pinnedAt: null,
    edited: false,
    deleted: false,
    ...overrides,
  };
}

export function messageV1(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 101,
    uuid: 'm-101',
    chat_room_id: 5,
    user_id: 42,
    type: 'text',
    message_content: 'Hello from v1',
    from_user_name: 'Ayu Lestari',
    from_user_avatar: null,
    is_owner: 1,
    created_at: '2024-05-01T08:00:00.000Z',
    ...overrides,
  } as ChatMessage;
}

export function messageV2(overrides: Partial<ChatMessageV2> = {}): ChatMessageV2 {
  return {
    id: 101,
    uuid: 'm-101',
    chat_room_id: 5,
    user_id: 42,
    message_type: 'text',
    message_content: 'Hello from v1',
    is_owner: true,
    is_edited: false,
    created_at: '2024-05-01T08:00:00.000Z',
    user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' },
    ...overrides,
  } as ChatMessageV2;
}

export function chatRoom(overrides: Partial<ChatRoom> & { uuid: string }): ChatRoom {
  return {
    id: 1,
    type: 'individual',
    name: null,
    individual_name: 'Budi Santoso',
    is_muted: 0,
    is_chat_with_hr: 0,
    is_urgent_chat: 0,
    pinned_at: null,
    meta: { unread_messages: 0 },
    last_message: { message_content: 'See you', created_at: '2024-05-01T08:00:00.000Z', is_owner: 0 },
    created_at: '2024-04-01T08:00:00.000Z',
    updated_at: '2024-05-01T08:00:00.000Z',
    ...overrides,
  } as ChatRoom;
}

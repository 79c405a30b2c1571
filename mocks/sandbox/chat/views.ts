// What a user sees of the store: the ChatRoom, the v1 ChatMessage and the v2 ChatMessageV2 shapes of
// the contract. One message store, mapped on the way out, so `is_owner`, `meta.unread_messages`, the
// pin and mute flags and a poll's `is_voted` are always those of the user asking (or receiving the event).
import type { ChatCallSummary, ChatFile, ChatMessage, ChatMessagePage, ChatMessageV2, ChatRoom, MessagePageV2, MessageReaction, MessageReplyPreview, MessageSenderV2, VotePoll } from '../../../generated/http/types.gen.ts';
import { fullName } from '../people.ts';
import type { SandboxContext } from '../routes.ts';
import { employeePicture, findEmployee, type Employee } from './directory.ts';
import { findSticker, stickerView } from './stickers.ts';
import { REACTIONS, lastActivity, lastMessage, memberState, type CallSummary, type Poll, type Room, type StoredFile, type StoredMessage } from './store.ts';

type Urls = Pick<SandboxContext, 'publicUrl'>;

export const nameOf = (userId: number) => {
  const someone = findEmployee(userId);
  return someone ? fullName(someone) : `User ${userId}`;
};
const avatarOf = (urls: Urls, userId: number) => {
  const someone = findEmployee(userId);
  return someone ? employeePicture(urls, someone) : null;
};

/** The other party of a direct room, as the viewer sees it. */
export const otherParty = (room: Room, viewer: number) => room.founders.find((member) => member !== viewer) ?? room.founders[0]!;

/** What a room's list entry shows as its last message. */
function preview(message: StoredMessage): string | null {
  if (message.kind === 'sticker') return message.content ?? `Sticker: ${findSticker(message.stickerId ?? 0)?.name ?? ''}`.trim();
  if (message.kind === 'file') return message.content || message.file?.name || null;
  return message.content;
}

/** The contract's ChatCallSummary of a call's line. */
export const callSummaryView = (call: CallSummary): ChatCallSummary => ({
  status: call.status,
  duration_seconds: call.durationSeconds,
  started_at: call.startedAt,
  ended_at: call.endedAt,
  caller_id: call.callerId,
  call_type: call.voice ? 'voice' : 'video',
});

/** A call line's fields (v1 and v2 alike); nothing on other messages, and nothing once deleted. */
const callFields = (message: StoredMessage) => ({
  chat_room_call_id: message.call?.callId ?? null,
  call: message.call && !message.deletedAt ? callSummaryView(message.call) : null,
});

export function roomView(urls: Urls, room: Room, viewer: number): ChatRoom {
  const state = memberState(room, viewer);
  const [from, to] = room.founders;
  const last = lastMessage(room);
  const direct = room.type === 'individual';
  return {
    id: room.id,
    uuid: room.uuid,
    type: room.type,
    name: room.name,
    individual_name: direct ? nameOf(otherParty(room, viewer)) : null,
    to: direct ? (to ?? null) : null,
    from: direct ? (from ?? null) : null,
    to_user_name: direct && to !== undefined ? nameOf(to) : null,
    from_user_name: from !== undefined ? nameOf(from) : null,
    from_user_avatar: from !== undefined ? avatarOf(urls, from) : null,
    to_user_avatar: direct && to !== undefined ? avatarOf(urls, to) : null,
    meta: { unread_messages: state.unread },
    is_muted: state.muted ? 1 : 0,
    is_chat_with_hr: room.isHr ? 1 : 0,
    is_urgent_chat: room.isUrgent ? 1 : 0,
    last_message: last
      ? { message_content: preview(last), created_at: last.createdAt, is_owner: last.userId === viewer, ...(last.call ? { type: 'call', call: callSummaryView(last.call) } : {}) }
      : null,
    created_at: room.createdAt,
    updated_at: lastActivity(room),
    deleted_at: state.deletedAt,
    pinned_at: state.pinnedAt,
    description: room.description,
  };
}

export const fileUrl = (urls: Urls, file: StoredFile) => urls.publicUrl(`/__sandbox/chat-files/${file.uuid}/${encodeURIComponent(file.name)}`);

function fileView(urls: Urls, room: Room, message: StoredMessage, file: StoredFile): ChatFile {
  const url = fileUrl(urls, file);
  return {
    id: file.id,
    uuid: file.uuid,
    chat_room_id: room.id,
    message_uuid: message.uuid,
    file_name: file.name,
    file_url: url,
    signed_file_url: url,
    mime_type: file.mimeType,
    file_size: file.size,
    from_user_name: nameOf(message.userId),
    created_at: message.createdAt,
  };
}

export function fileOf(urls: Urls, room: Room, message: StoredMessage): ChatFile | null {
  return message.file && !message.deletedAt ? fileView(urls, room, message, message.file) : null;
}

/** The quote a reply carries (issue 24): enough of the answered message to show it unloaded. */
function replyPreview(room: Room, message: StoredMessage): MessageReplyPreview | null {
  if (!message.replyTo) return null;
  const index = room.index.get(message.replyTo);
  const quoted = index === undefined ? undefined : room.messages[index];
  if (!quoted || quoted.deletedAt) return { uuid: message.replyTo, is_deleted: true };
  return {
    uuid: quoted.uuid,
    user_id: quoted.userId,
    from_user_name: nameOf(quoted.userId),
    type: quoted.kind,
    message_content: quoted.content === null ? null : quoted.content.slice(0, 200),
    file_name: quoted.file?.name ?? null,
    is_deleted: false,
  };
}

/** One entry per reaction used, in the contract's order, as the viewer sees them. */
function reactionsOf(message: StoredMessage, viewer: number): MessageReaction[] {
  if (!message.reactions || message.reactions.size === 0 || message.deletedAt) return [];
  return REACTIONS.flatMap((reaction) => {
    const by = [...message.reactions!].filter(([, chosen]) => chosen === reaction).map(([user]) => user);
    return by.length > 0 ? [{ reaction, count: by.length, reacted_by_me: by.includes(viewer) }] : [];
  });
}

/** Who of the room's other members has read the message (their read mark is at or past it). */
export const readersOf = (room: Room, message: StoredMessage) => room.members.filter((member) => member !== message.userId && memberState(room, member).readUpTo >= message.id);

/** Replies, reactions, forwards and read receipts (issue 24), on v1 and v2 messages alike; receipts only for the sender. */
function extras(room: Room, message: StoredMessage, viewer: number) {
  const own = message.userId === viewer;
  return {
    reply_to: replyPreview(room, message),
    reactions: reactionsOf(message, viewer),
    is_forwarded: message.forwarded === true,
    read_count: own ? readersOf(room, message).length : null,
    recipient_count: own ? room.members.filter((member) => member !== message.userId).length : null,
  };
}

/** The v1 ChatMessage. A deleted message keeps its place with `deleted_at` set and nothing to show. */
export function messageV1(urls: Urls, room: Room, message: StoredMessage, viewer: number): ChatMessage {
  const deleted = message.deletedAt !== null;
  const sticker = message.stickerId !== null && !deleted ? findSticker(message.stickerId) : undefined;
  return {
    id: message.id,
    uuid: message.uuid,
    chat_room_id: room.id,
    chat_room_uuid: room.uuid,
    user_id: message.userId,
    type: message.kind,
    message_content: deleted ? null : message.content,
    is_owner: message.userId === viewer,
    from_user_name: nameOf(message.userId),
    from_user_avatar: avatarOf(urls, message.userId),
    file: fileOf(urls, room, message),
    sticker: sticker ? stickerView(urls, sticker) : null,
    client_message_id: message.clientMessageId,
    vote: message.poll && !deleted ? pollView(urls, message.poll, viewer) : null,
    ...callFields(message),
    reply_to_message_uuid: message.replyTo,
    ...extras(room, message, viewer),
    is_edited: message.edited,
    pinned_at: message.pinnedAt,
    created_at: message.createdAt,
    updated_at: message.updatedAt,
    deleted_at: message.deletedAt,
  };
}

function sender(urls: Urls, someone: Employee | undefined, userId: number): MessageSenderV2 {
  if (!someone) return { id: userId, first_name: null, last_name: null, employee_number: null, signed_profile_picture_url: null };
  return {
    id: userId,
    first_name: someone.first_name,
    last_name: someone.last_name,
    employee_number: someone.employee_number,
    signed_profile_picture_url: employeePicture(urls, someone),
  };
}

/** The contract's MessageSenderV2 for a user id (a message's author, a poll's creator, a voter). */
export const senderOf = (urls: Urls, userId: number): MessageSenderV2 => sender(urls, findEmployee(userId), userId);

/** The VotePoll as the viewer sees it: every option's count and whether the viewer chose it. */
export function pollView(urls: Urls, poll: Poll, viewer: number): VotePoll & { total_votes: number } {
  return {
    id: poll.id,
    chat_room_id: poll.roomId,
    message_uuid: poll.messageUuid,
    question: poll.question,
    allow_multiple_answers: poll.allowMultiple,
    is_anonymous: poll.anonymous,
    expired_at: poll.expiresAt,
    total_votes: poll.options.reduce((sum, option) => sum + option.votes.size, 0),
    created_by: senderOf(urls, poll.createdBy),
    options: poll.options.map((option) => ({ id: option.id, option_text: option.text, votes_count: option.votes.size, is_voted: option.votes.has(viewer) })),
    created_at: poll.createdAt,
  };
}

/** True once every other member has read the message (their read pointer is past it). */
function readByAll(room: Room, message: StoredMessage): boolean {
  return room.members.every((member) => member === message.userId || memberState(room, member).readUpTo >= message.id);
}

/** The v2 ChatMessageV2: the file as flat fields, the sender as `user`. */
export function messageV2(urls: Urls, room: Room, message: StoredMessage, viewer: number): ChatMessageV2 {
  const deleted = message.deletedAt !== null;
  const file = deleted ? null : message.file;
  const sticker = message.stickerId !== null && !deleted ? findSticker(message.stickerId) : undefined;
  return {
    id: message.id,
    uuid: message.uuid,
    chat_room_id: room.id,
    chat_room_uuid: room.uuid,
    user_id: message.userId,
    message_type: message.kind,
    // v2 has no sticker object: the sticker's picture travels as its file URL.
    message_content: deleted ? null : message.content,
    file_name: file ? file.name : sticker ? `${sticker.name}.svg` : null,
    file_url: file ? fileUrl(urls, file) : sticker ? stickerView(urls, sticker).image_url : null,
    file_size: file ? file.size : null,
    mime_type: file ? file.mimeType : sticker ? 'image/svg+xml' : null,
    reply_to_message_uuid: message.replyTo,
    client_message_id: message.clientMessageId,
    is_owner: message.userId === viewer,
    is_edited: message.edited,
    is_read: readByAll(room, message),
    pinned_at: message.pinnedAt,
    user: senderOf(urls, message.userId),
    vote: message.poll && !deleted ? pollView(urls, message.poll, viewer) : null,
    ...callFields(message),
    ...extras(room, message, viewer),
    created_at: message.createdAt,
    updated_at: message.updatedAt,
    deleted_at: message.deletedAt,
  };
}

/** A Laravel length-aware page over the room's messages, newest first (page 1 holds the newest), with the paginator fields the contract names. */
export function messagePage<T extends ChatMessage | ChatMessageV2>(room: Room, page: number, perPage: number, path: string, map: (message: StoredMessage) => T) {
  const total = room.messages.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const end = total - (page - 1) * perPage;
  const start = Math.max(0, end - perPage);
  const data = end > 0 ? room.messages.slice(start, end).reverse().map(map) : [];
  return {
    current_page: page,
    data,
    last_page: lastPage,
    per_page: perPage,
    total,
    next_page_url: page < lastPage ? `${path}?page=${page + 1}` : null,
    prev_page_url: page > 1 ? `${path}?page=${page - 1}` : null,
  } satisfies ChatMessagePage | MessagePageV2;
}

/** The page (newest first) that holds the message at `index` of the room's chronological list. */
export const pageOfIndex = (room: Room, index: number, perPage: number) => Math.floor((room.messages.length - 1 - index) / perPage) + 1;

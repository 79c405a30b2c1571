// One shape for a message on screen, whatever API version sent it: v1 (`type`, a `file` object,
// `from_user_name`) and v2 (`message_type`, `file_*` fields, a `user`) are mapped here, so the room's
// screens are written once (ARCHITECTURE: version suffixes never leave api/).
import type { ChatMessage as MessageV1, ChatMessageV2 as MessageV2, ChatRoom, MessageReaction, MessageReplyPreview, ReactionType, VotePoll } from '../../../../generated/http/types.gen.ts';
import type { CallSummaryFields } from '../../../shared/domain/call-summary.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { countOf } from '../../../shared/format/formatters.ts';
import { personName } from '../../../shared/format/person.ts';

export type { ChatRoom, ReactionType };
/** A message as the v1 calls and the live `live_chat` event carry it. */
export type { MessageV1 };

export type MessageKind = 'text' | 'file' | 'sticker' | 'vote' | 'system' | 'call';

export interface ChatFileView {
  name: string;
  size: number | null;
  url: string | null;
  mimeType: string | null;
}

/** A poll (SPEC §2 chats/vote) as this user sees it: the counts and which options they chose. */
export interface PollView {
  /** Null when the server left it out: the poll is shown but cannot be voted on (nor its voters asked). */
  id: number | null;
  question: string;
  multiple: boolean;
  anonymous: boolean;
  /** When voting closes (null: open until the group deletes it). */
  closesAt: string | null;
  total: number;
  /** An option without an id (the server left it out) is shown but cannot be chosen. */
  options: Array<{ id: number | null; text: string; count: number; mine: boolean }>;
}

/** What a reply quotes (issue 24): enough of the answered message to show it, and its uuid to jump to it. */
export interface ReplyPreview {
  uuid: string;
  senderName: string | null;
  kind: MessageKind;
  /** An excerpt of its text, or its file's name. */
  text: string | null;
  deleted: boolean;
}

/** One reaction on a message: how many chose it, and whether the user did. */
export interface ReactionCount {
  reaction: ReactionType;
  count: number;
  mine: boolean;
}

/** On one's own messages: how many of the room's other members have read it, of how many. */
export interface ReadReceipt {
  read: number;
  of: number;
}

/** A message of one's own the server does not have yet (an outbox entry, shown in the room's list). */
export interface PendingDelivery {
  /** sending: on its way, or next; waiting: the network is away; failed: the server refused it. */
  state: 'sending' | 'waiting' | 'failed';
  /** What the server said when it refused. */
  error?: string;
  /** How much of an upload has gone (0-100), while it is on the wire. */
  progress?: number;
}

export interface RoomMessage {
  id: number;
  uuid: string;
  /** The sender's client id (outbox), when the server echoed it. */
  clientId: string | null;
  senderId: number | null;
  senderName: string | null;
  senderAvatar: string | null;
  own: boolean;
  kind: MessageKind;
  text: string | null;
  file: ChatFileView | null;
  sticker: { name: string | null; imageUrl: string | null } | null;
  poll: PollView | null;
  /** A `call` message's summary: how the call ended (x-inferred; absent or null: the server's text, else "Video call"). */
  call?: CallSummaryFields | null;
  createdAt: string | null;
  pinnedAt: string | null;
  edited: boolean;
  deleted: boolean;
  /** Set while the message is only in the outbox; the server's message replaces it once accepted. */
  pending?: PendingDelivery;
  /** The message this one answers (issue 24; x-inferred). */
  replyTo?: ReplyPreview | null;
  reactions?: readonly ReactionCount[];
  forwarded?: boolean;
  /** Read receipts, on one's own messages only. */
  receipt?: ReadReceipt | null;
}

const truthy = (value: boolean | number | null | undefined) => value === true || value === 1;

const KINDS = new Set<MessageKind>(['text', 'file', 'sticker', 'vote', 'system', 'call']);
const kindOf = (type: string | null | undefined): MessageKind => (type && KINDS.has(type as MessageKind) ? (type as MessageKind) : 'text');

// The contract's inferred fields are optional: without them a poll is shown but cannot be voted on,
// an option cannot be chosen, a missing text or question shows as empty.
export function fromPoll(vote: VotePoll): PollView {
  const options = (vote.options ?? []).map((option) => ({ id: option.id ?? null, text: option.option_text ?? '', count: countOf(option.votes_count), mine: truthy(option.is_voted) }));
  return {
    id: vote.id ?? null,
    question: vote.question ?? '',
    multiple: truthy(vote.allow_multiple_answers),
    anonymous: truthy(vote.is_anonymous),
    closesAt: vote.expired_at ?? null,
    total: vote.total_votes == null ? options.reduce((sum, option) => sum + option.count, 0) : countOf(vote.total_votes),
    options,
  };
}

const pollOf = (message: { vote?: VotePoll | null }) => (message.vote ? fromPoll(message.vote) : null);

const REACTIONS: ReadonlySet<string> = new Set<ReactionType>(['like', 'love', 'laugh', 'celebrate', 'thanks', 'sad']);

/** Replies, reactions, forwards and receipts (issue 24): the same inferred fields on v1 and v2 messages. */
function extrasOf(message: {
  reply_to?: MessageReplyPreview | null;
  reactions?: MessageReaction[];
  is_forwarded?: boolean | number;
  read_count?: number | null;
  recipient_count?: number | null;
}): Pick<RoomMessage, 'replyTo' | 'reactions' | 'forwarded' | 'receipt'> {
  // A quote without the uuid of what it quotes cannot be followed: it is left out.
  const quoted = message.reply_to?.uuid ? message.reply_to : null;
  const deleted = quoted ? truthy(quoted.is_deleted) : false;
  return {
    replyTo: quoted?.uuid
      ? {
          uuid: quoted.uuid,
          senderName: deleted ? null : displayText(quoted.from_user_name) || null,
          kind: kindOf(quoted.type),
          text: deleted ? null : quoted.message_content || displayText(quoted.file_name) || null,
          deleted,
        }
      : null,
    // A reaction this app does not know (a newer server's) is left out rather than drawn without its icon.
    reactions: (message.reactions ?? []).flatMap(({ reaction, count, reacted_by_me }) => (reaction && REACTIONS.has(reaction) && countOf(count) ? [{ reaction, count: countOf(count), mine: truthy(reacted_by_me) }] : [])),
    forwarded: truthy(message.is_forwarded),
    receipt: typeof message.read_count === 'number' && typeof message.recipient_count === 'number' ? { read: countOf(message.read_count), of: countOf(message.recipient_count) } : null,
  };
}

/** Null for a message without a uuid: nothing else names it (for pin, delete or paging), so it is left out. */
export function fromV1(message: MessageV1): RoomMessage | null {
  const file = message.file;
  if (message.uuid === undefined) return null;
  return {
    id: message.id ?? 0,
    uuid: message.uuid,
    clientId: message.client_message_id ?? null,
    senderId: message.user_id ?? null,
    senderName: displayText(message.from_user_name) || null,
    senderAvatar: message.from_user_avatar ?? null,
    own: truthy(message.is_owner),
    kind: file ? 'file' : message.sticker ? 'sticker' : message.chat_room_call_id ? 'call' : message.vote ? 'vote' : kindOf(message.type),
    text: message.message_content ?? null,
    file: file
      ? { name: displayText(file.file_name) || 'file', size: file.file_size ?? null, url: file.signed_file_url ?? file.file_url ?? null, mimeType: file.mime_type ?? null }
      : null,
    sticker: message.sticker ? { name: displayText(message.sticker.name) || null, imageUrl: message.sticker.image_url ?? null } : null,
    poll: pollOf(message),
    ...(message.call ? { call: message.call } : {}),
    ...extrasOf(message),
    createdAt: message.created_at ?? null,
    pinnedAt: message.pinned_at ?? null,
    edited: truthy(message.is_edited),
    deleted: Boolean(message.deleted_at),
  };
}

/** Which fields of a v1 message each field of RoomMessage is read from. */
const V1_SOURCES: { readonly [Field in keyof RoomMessage]?: ReadonlyArray<keyof MessageV1> } = {
  id: ['id'],
  clientId: ['client_message_id'],
  senderId: ['user_id'],
  senderName: ['from_user_name'],
  senderAvatar: ['from_user_avatar'],
  own: ['is_owner'],
  kind: ['file', 'sticker', 'chat_room_call_id', 'vote', 'type'],
  text: ['message_content'],
  file: ['file'],
  sticker: ['sticker'],
  poll: ['vote'],
  call: ['call'],
  replyTo: ['reply_to'],
  reactions: ['reactions'],
  forwarded: ['is_forwarded'],
  receipt: ['read_count', 'recipient_count'],
  createdAt: ['created_at'],
  pinnedAt: ['pinned_at'],
  edited: ['is_edited'],
  deleted: ['deleted_at'],
};

/**
 * A live event's copy of a message over the copy already shown: what the event carries wins, and a
 * field it leaves out keeps what was known (an event without `is_edited` does not take the "edited"
 * mark away, one without `reactions` does not clear them). Null for a copy without a uuid (fromV1).
 */
export function mergeV1(known: RoomMessage, message: MessageV1): RoomMessage | null {
  const next = fromV1(message);
  if (!next) return null;
  const merged: Record<string, unknown> = { ...next };
  for (const [field, sources] of Object.entries(V1_SOURCES)) {
    if (!sources.every((source) => message[source] === undefined)) continue;
    const value = known[field as keyof RoomMessage];
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  return merged as unknown as RoomMessage;
}

/** Null for a message without a uuid (left out, as in fromV1). */
export function fromV2(message: MessageV2): RoomMessage | null {
  const user = message.user;
  const senderName = user ? personName({ first_name: user.first_name, last_name: user.last_name }) || null : null;
  if (message.uuid === undefined) return null;
  // Without a message_type: `file` for a message with a file, else `text` (the contract's fallback).
  const type = message.message_type ?? (message.file_url || message.file_name ? 'file' : 'text');
  return {
    id: message.id ?? 0,
    uuid: message.uuid,
    clientId: message.client_message_id ?? null,
    senderId: message.user_id ?? user?.id ?? null,
    senderName,
    senderAvatar: user?.signed_profile_picture_url ?? null,
    own: truthy(message.is_owner),
    kind: message.chat_room_call_id ? 'call' : kindOf(type),
    text: message.message_content ?? null,
    file:
      type === 'file' || message.file_url
        ? { name: displayText(message.file_name) || 'file', size: message.file_size ?? null, url: message.file_url ?? null, mimeType: message.mime_type ?? null }
        : null,
    sticker: null,
    poll: pollOf(message),
    ...(message.call ? { call: message.call } : {}),
    ...extrasOf(message),
    createdAt: message.created_at ?? null,
    pinnedAt: message.pinned_at ?? null,
    edited: truthy(message.is_edited),
    deleted: Boolean(message.deleted_at),
  };
}

/** The messages of a list that can be shown (those with a uuid). */
export function mapMessages<T>(messages: readonly T[] | null | undefined, map: (message: T) => RoomMessage | null): RoomMessage[] {
  return (messages ?? []).flatMap((message) => map(message) ?? []);
}

/** The name a room is shown under (the group's name, else the other person's), without bidi controls. */
export function roomTitle(room: Pick<ChatRoom, 'type' | 'name' | 'individual_name' | 'to_user_name'>): string {
  if (room.type === 'group') return displayText(room.name) || displayText(room.individual_name);
  return displayText(room.individual_name) || displayText(room.to_user_name) || displayText(room.name);
}

export const isTruthyFlag = truthy;

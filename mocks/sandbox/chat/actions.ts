// What v1 and v2 have in common: finding the room the user may see, creating messages (idempotent by
// `client_message_id`, announced to the members) and reading the request's fields. The route modules
// only pick fields and map the answers to their version's shapes.
import type { OperationId, RequestBody } from '../contract.ts';
import { refuse, type ErrorAnswer, type OperationContext, type SandboxContext } from '../routes.ts';
import { announceMessage, type LiveChatEmitter } from './events.ts';
import { userIdFromRequest } from './identity.ts';
import { countsAsUnread, iso, isMember, memberState, type CallSummary, type ChatStore, type MessageKind, type Poll, type Room, type StoredFile, type StoredMessage } from './store.ts';
import type { UploadLimits } from './uploads.ts';

export interface ChatDeps {
  store: ChatStore;
  liveChat: LiveChatEmitter | undefined;
  limits: UploadLimits;
  /** Hears every new message once it is announced (urgent-reminders.ts). */
  onMessageAdded?(room: Room, message: StoredMessage): void;
  /** Members are no longer in the room (removed, or left the group): their places in its calls go (calls.ts). */
  onMembersLeft?(room: Room, userIds: readonly number[]): Promise<void>;
}

export const PER_PAGE = 20;

/** A refusal in the contract's error envelope (403, 404, 422… each documented on the operations that give it). */
export const fail = (status: number, message: string): ErrorAnswer => refuse(status, message);

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
export const integer = (value: unknown): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isInteger(number) ? number : undefined;
};

export type Found<T> = { ok: true; value: T } | { ok: false; answer: ErrorAnswer };

/** The room by uuid, if the user is one of its members: 422 without a uuid, 404 unknown, 403 not a member. */
export function roomFor(deps: ChatDeps, uuid: unknown, userId: number): Found<Room> {
  const key = text(uuid);
  if (!key) return { ok: false, answer: fail(422, 'The chat room uuid field is required.') };
  const room = deps.store.room(key);
  return checkRoom(room, userId);
}

export function checkRoom(room: Room | undefined, userId: number): Found<Room> {
  if (!room) return { ok: false, answer: fail(404, 'Chat room not found.') };
  if (!isMember(room, userId)) return { ok: false, answer: fail(403, 'You are not a member of this chat room.') };
  return { ok: true, value: room };
}

/** A message by uuid (in the named room when the body names one) that the user may see. */
export function messageFor(deps: ChatDeps, body: Record<string, unknown>, userId: number): Found<{ room: Room; message: StoredMessage }> {
  const uuid = text(body.message_uuid);
  if (!uuid) return { ok: false, answer: fail(422, 'The message uuid field is required.') };
  let found: { room: Room; message: StoredMessage } | undefined;
  if (text(body.chat_room_uuid)) {
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room;
    const message = deps.store.message(room.value, uuid);
    found = message && { room: room.value, message };
  } else {
    found = deps.store.findMessage(uuid);
    if (found) {
      const room = checkRoom(found.room, userId);
      if (!room.ok) return room;
    }
  }
  if (!found) return { ok: false, answer: fail(404, 'Message not found.') };
  return { ok: true, value: found };
}

export interface Asked<Op extends OperationId> {
  userId: number;
  /** The body as the contract's request schema parsed it. */
  body: RequestBody<Op>;
}

export async function readRequest<Op extends OperationId>(context: OperationContext<Op>): Promise<Asked<Op>> {
  return { userId: userIdFromRequest(context.request), body: await context.body() };
}

export interface NewMessage {
  kind: MessageKind;
  content: string | null;
  file?: StoredFile;
  stickerId?: number;
  clientMessageId?: string | null;
  replyTo?: string | null;
  /** A `vote` message's poll (whose `messageUuid` is given as `uuid`). */
  poll?: Poll;
  /** A `call` message's summary: how the call ended. */
  call?: CallSummary;
  /** Forwarded from another room (issue 24). */
  forwarded?: boolean;
  uuid?: string;
}

/**
 * Creates the message and announces it, unless the room already holds one with the same
 * `client_message_id`: then that one is the answer and nothing is sent again (the app's outbox
 * retries after a lost answer).
 */
export function createMessage(context: Pick<SandboxContext, 'publicUrl'>, deps: ChatDeps, room: Room, userId: number, input: NewMessage): StoredMessage {
  if (input.clientMessageId) {
    const existing = deps.store.byClientId(room, input.clientMessageId);
    if (existing) return existing;
  }
  const now = iso(Date.now());
  const message = deps.store.append(room, {
    ...(input.uuid ? { uuid: input.uuid } : {}),
    ...(input.poll ? { poll: input.poll } : {}),
    ...(input.call ? { call: input.call } : {}),
    ...(input.forwarded ? { forwarded: true } : {}),
    userId,
    kind: input.kind,
    content: input.content,
    file: input.file ?? null,
    stickerId: input.stickerId ?? null,
    clientMessageId: input.clientMessageId ?? null,
    replyTo: input.replyTo ?? null,
    edited: false,
    pinnedAt: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  announceMessage(context, deps.liveChat, room, message, { countsAsUnread: countsAsUnread(message) });
  deps.onMessageAdded?.(room, message);
  return message;
}

/** Marks the room read for the user, up to `upTo` (a message id) or all of it; answers where their read mark was before. */
export function markRead(room: Room, userId: number, upTo?: number): number {
  const state = memberState(room, userId);
  const newest = room.messages.at(-1)?.id ?? 0;
  const before = state.readUpTo;
  state.readUpTo = Math.max(state.readUpTo, Math.min(upTo ?? newest, newest));
  if (state.readUpTo > before) (state.readMarks ??= []).push({ upTo: state.readUpTo, at: iso(Date.now()) });
  state.unread = room.messages.filter((message) => message.id > state.readUpTo && message.userId !== userId && countsAsUnread(message) && !message.deletedAt).length;
  return before;
}

/** Pinned messages that still show, most recently pinned first. */
export function pinnedMessages(room: Room): StoredMessage[] {
  return room.messages.filter((message) => message.pinnedAt && !message.deletedAt).sort((a, b) => b.pinnedAt!.localeCompare(a.pinnedAt!));
}

/**
 * send (v1 and v2): a text message, optionally replying to one of the room's messages (v2's
 * `reply_to_message_uuid`; v1 has none); each version's route maps the stored message to its shape.
 */
export async function sendText(context: OperationContext<'sendMessage'> | OperationContext<'sendMessageV2'>, deps: ChatDeps): Promise<Found<{ room: Room; message: StoredMessage; userId: number }>> {
  const userId = userIdFromRequest(context.request);
  const body = await context.body();
  const room = roomFor(deps, body.chat_room_uuid, userId);
  if (!room.ok) return room;
  const content = text(body.message);
  if (!content?.trim()) return { ok: false, answer: fail(422, 'The message field is required.') };
  const replyTo = text('reply_to_message_uuid' in body ? body.reply_to_message_uuid : undefined) || null;
  if (replyTo && !deps.store.message(room.value, replyTo)) return { ok: false, answer: fail(422, 'The replied message does not exist in this chat room.') };
  const message = createMessage(context, deps, room.value, userId, { kind: 'text', content, replyTo, clientMessageId: body.client_message_id ?? null });
  return { ok: true, value: { room: room.value, message, userId } };
}

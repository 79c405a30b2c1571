// Live chat beyond SPEC (issue 24; openapi/paths/live-chat-messages.yaml): reactions, forwarding a
// message or a file to other rooms, and a message's read receipts. Replies are part of the send calls
// (actions.ts sendText). Each change reaches every member's app through `live_chat`.
import { operation, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { announceChange } from './events.ts';
import { createMessage, fail, messageFor, readRequest, roomFor, type ChatDeps } from './actions.ts';
import { userIdFromRequest } from './identity.ts';
import { REACTIONS, memberState, type ReactionType, type Room } from './store.ts';
import { messageV1, readersOf, senderOf } from './views.ts';

/** What a forward can copy: a member's text, file or sticker, not a poll, a call's line or a group event. */
const FORWARDABLE = new Set(['text', 'file', 'sticker']);

function react(deps: ChatDeps): OperationHandler<'reactToMessage'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.deletedAt) return fail(422, 'This message has been deleted.');
    if (!FORWARDABLE.has(message.kind) && message.kind !== 'vote') return fail(422, 'This message cannot be reacted to.');
    const reaction = body.reaction;
    if (reaction !== null && !REACTIONS.includes(reaction as ReactionType)) return fail(422, 'The selected reaction is invalid.');
    const reactions = (message.reactions ??= new Map());
    const before = reactions.get(userId) ?? null;
    if (reaction === null) reactions.delete(userId);
    else reactions.set(userId, reaction as ReactionType);
    if (before !== reaction) announceChange(context, deps.liveChat, room, message);
    return context.ok({ message: messageV1(context, room, message, userId) });
  };
}

function forward(deps: ChatDeps): OperationHandler<'forwardMessage'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { message } = found.value;
    if (message.deletedAt || !FORWARDABLE.has(message.kind)) return fail(422, 'This message cannot be forwarded.');
    const targets: Room[] = [];
    for (const uuid of new Set(body.chat_room_uuids)) {
      const room = roomFor(deps, uuid, userId);
      if (!room.ok) return room.answer;
      targets.push(room.value);
    }
    if (targets.length === 0) return fail(422, 'Choose at least one chat to forward to.');
    for (const room of targets) {
      createMessage(context, deps, room, userId, {
        kind: message.kind,
        content: message.content,
        ...(message.file ? { file: message.file } : {}),
        ...(message.stickerId !== null ? { stickerId: message.stickerId } : {}),
        // One id per room: a resend of the same forward finds each copy again.
        clientMessageId: body.client_message_id ? `${body.client_message_id}:${room.uuid}` : null,
        forwarded: true,
      });
    }
    return context.ok({ message: `Forwarded to ${targets.length} ${targets.length === 1 ? 'chat' : 'chats'}.` });
  };
}

function readers(deps: ChatDeps): OperationHandler<'getMessageReaders'> {
  return async (context) => {
    const userId = userIdFromRequest(context.request);
    const found = messageFor(deps, { message_uuid: context.params.message_uuid }, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.userId !== userId) return fail(403, 'Only the sender can see who has read a message.');
    const read = new Set(readersOf(room, message));
    const readAt = (member: number) => memberState(room, member).readMarks?.find((mark) => mark.upTo >= message.id)?.at ?? null;
    const others = room.members.filter((member) => member !== userId);
    const readBy = others
      .filter((member) => read.has(member))
      .map((member) => ({ user: senderOf(context, member), read_at: readAt(member) }))
      .sort((a, b) => (b.read_at ?? '').localeCompare(a.read_at ?? ''));
    const notReadBy = others.filter((member) => !read.has(member)).map((member) => ({ user: senderOf(context, member), read_at: null }));
    return context.ok({ recipient_count: others.length, read_by: readBy, not_read_by: notReadBy });
  };
}

export function messageRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('POST', '/live-chat/react-message', 'reactToMessage', react(deps)),
    operation('POST', '/live-chat/forward-message', 'forwardMessage', forward(deps)),
    operation('GET', '/live-chat/message-readers/:message_uuid', 'getMessageReaders', readers(deps)),
  ];
}

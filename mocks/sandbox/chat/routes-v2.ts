// Live chat v2 (openapi/paths/live-chat-v2.yaml): the same rooms and messages as v1, answered in the
// v2 shapes (ChatMessageV2).
import { operation, pageParam, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { announceChange, announceReceipts } from './events.ts';
import { PER_PAGE, checkRoom, fail, markRead, messageFor, pinnedMessages, readRequest, roomFor, sendText, type ChatDeps } from './actions.ts';
import { iso, memberState } from './store.ts';
import { batchUploadHandler, uploadFileV2Handler } from './upload-routes.ts';
import { messagePage, messageV2, roomView } from './views.ts';

function viewChat(deps: ChatDeps): OperationHandler<'viewChatV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    return context.ok({
      chat_room: roomView(context, room.value, userId),
      messages: messagePage(room.value, pageParam(context.query), PER_PAGE, context.publicUrl('/v2/live-chat/view-chat'), (message) =>
        messageV2(context, room.value, message, userId),
      ),
    });
  };
}

function read(deps: ChatDeps): OperationHandler<'readMessagesV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const upTo = body.message_uuid;
    const message = upTo ? deps.store.message(room.value, upTo) : undefined;
    if (upTo && !message) return fail(404, 'Message not found.');
    const before = markRead(room.value, userId, message?.id);
    // Only the senders whose messages were read hear of it (their receipts); the reader is never sent
    // their own read mark back (it would carry nothing new, and an app that marks what arrives read
    // would answer it with another mark: asyncapi's live_chat says the backend must not).
    announceReceipts(context, deps.liveChat, room.value, userId, before);
    return context.ok({ message: 'Messages read.', meta: { unread_messages: memberState(room.value, userId).unread } });
  };
}

function update(deps: ChatDeps): OperationHandler<'updateMessageV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.userId !== userId) return fail(403, 'You can only edit your own messages.');
    if (message.deletedAt) return fail(422, 'This message has been deleted.');
    const content = body.message;
    if (!content.trim()) return fail(422, 'The message field is required.');
    if (content !== message.content) {
      message.content = content;
      message.edited = true;
      message.updatedAt = iso(Date.now());
      announceChange(context, deps.liveChat, room, message);
    }
    return context.ok({ message: messageV2(context, room, message, userId) });
  };
}

function pinnedList(deps: ChatDeps): OperationHandler<'listPinnedMessagesV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = checkRoom(deps.store.roomById(body.chatRoomId), userId);
    if (!room.ok) return room.answer;
    return context.ok({ pinned_messages: pinnedMessages(room.value).map((message) => messageV2(context, room.value, message, userId)) });
  };
}

/** send: the text message in the v2 shape. */
function send(deps: ChatDeps): OperationHandler<'sendMessageV2'> {
  return async (context) => {
    const sent = await sendText(context, deps);
    if (!sent.ok) return sent.answer;
    const { room, message, userId } = sent.value;
    return context.ok({ message: messageV2(context, room, message, userId) });
  };
}

export function v2Routes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('POST', '/v2/live-chat/view-chat', 'viewChatV2', viewChat(deps)),
    operation('POST', '/v2/live-chat/send', 'sendMessageV2', send(deps)),
    operation('POST', '/v2/live-chat/read-message', 'readMessagesV2', read(deps)),
    operation('POST', '/v2/live-chat/update-message', 'updateMessageV2', update(deps)),
    operation('POST', '/v2/live-chat/pin-message-list', 'listPinnedMessagesV2', pinnedList(deps)),
    operation('POST', '/v2/live-chat/upload-file', 'uploadFileV2', uploadFileV2Handler(deps), { readsForm: true }),
    operation('POST', '/v2/live-chat/batch-upload-file', 'batchUploadFilesV2', batchUploadHandler(deps), { readsForm: true }),
  ];
}

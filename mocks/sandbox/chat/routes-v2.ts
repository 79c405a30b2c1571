// Live chat v2 (openapi/paths/live-chat-v2.yaml): the same rooms and messages as v1, answered in the
// v2 shapes (ChatMessageV2).
import { pageParam, type SandboxContext, type SandboxRoute } from '../routes.ts';
import { announceChange } from './events.ts';
import { PER_PAGE, checkRoom, fail, integer, markRead, messageFor, ok, pinnedMessages, readRequest, roomFor, sendText, text, type ChatDeps } from './actions.ts';
import { iso, memberState } from './store.ts';
import { createUploadHandler } from './upload-routes.ts';
import { messagePage, messageV2, roomView } from './views.ts';

function viewChat(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    return ok({
      chat_room: roomView(context, room.value, userId),
      messages: messagePage(room.value, pageParam(context.query), PER_PAGE, context.publicUrl('/v2/live-chat/view-chat'), (message) =>
        messageV2(context, room.value, message, userId),
      ),
    });
  };
}

function read(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const upTo = text(body.message_uuid);
    const message = upTo ? deps.store.message(room.value, upTo) : undefined;
    if (upTo && !message) return fail(404, 'Message not found.');
    markRead(room.value, userId, message?.id);
    // The senders' `is_read` may have changed: the room's newest message travels with the update.
    announceChange(context, deps.liveChat, room.value, message ?? room.value.messages.at(-1));
    return ok({ message: 'Messages read.', meta: { unread_messages: memberState(room.value, userId).unread } });
  };
}

function update(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.userId !== userId) return fail(403, 'You can only edit your own messages.');
    if (message.deletedAt) return fail(422, 'This message has been deleted.');
    const content = text(body.message);
    if (!content?.trim()) return fail(422, 'The message field is required.');
    if (content !== message.content) {
      message.content = content;
      message.edited = true;
      message.updatedAt = iso(Date.now());
      announceChange(context, deps.liveChat, room, message);
    }
    return ok({ message: messageV2(context, room, message, userId) });
  };
}

function pinnedList(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const id = integer(body.chatRoomId);
    if (id === undefined) return fail(422, 'The chat room id field is required.');
    const room = checkRoom(deps.store.roomById(id), userId);
    if (!room.ok) return room.answer;
    return ok({ pinned_messages: pinnedMessages(room.value).map((message) => messageV2(context, room.value, message, userId)) });
  };
}

export function v2Routes(deps: ChatDeps): SandboxRoute[] {
  return [
    { method: 'POST', path: '/v2/live-chat/view-chat', operationId: 'viewChatV2', handle: viewChat(deps) },
    { method: 'POST', path: '/v2/live-chat/send', operationId: 'sendMessageV2', handle: sendText(deps, messageV2) },
    { method: 'POST', path: '/v2/live-chat/read-message', operationId: 'readMessagesV2', handle: read(deps) },
    { method: 'POST', path: '/v2/live-chat/update-message', operationId: 'updateMessageV2', handle: update(deps) },
    { method: 'POST', path: '/v2/live-chat/pin-message-list', operationId: 'listPinnedMessagesV2', handle: pinnedList(deps) },
    { method: 'POST', path: '/v2/live-chat/upload-file', operationId: 'uploadFileV2', handle: createUploadHandler(deps, 'v2') },
    { method: 'POST', path: '/v2/live-chat/batch-upload-file', operationId: 'batchUploadFilesV2', handle: createUploadHandler(deps, 'batch') },
  ];
}

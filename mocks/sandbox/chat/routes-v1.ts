// Live chat v1 (openapi/paths/live-chat-v1.yaml) answered from the chat store.
import { pageParam, type SandboxContext, type SandboxRoute } from '../routes.ts';
import { announceChange } from './events.ts';
import {
  PER_PAGE,
  createMessage,
  fail,
  integer,
  markRead,
  messageFor,
  ok,
  pinnedMessages,
  readRequest,
  roomFor,
  sendText,
  text,
  type ChatDeps,
} from './actions.ts';
import { employeeView, findEmployee } from './directory.ts';
import { leave } from './groups.ts';
import { userIdFromRequest } from './identity.ts';
import { findSticker, stickerListRoute } from './stickers.ts';
import { chatHomeId, iso, memberState, visibleRooms, websocketIdOf, type Room } from './store.ts';
import { createUploadHandler } from './upload-routes.ts';
import { fileOf, messagePage, messageV1, nameOf, pageOfIndex, roomView } from './views.ts';

const FILTERS: Record<string, (room: Room, userId: number) => boolean> = {
  unread: (room, userId) => memberState(room, userId).unread > 0,
  group: (room) => room.type === 'group',
  individual: (room) => room.type === 'individual',
};

function home(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const filter = FILTERS[context.query.get('filter_by') ?? ''];
    const rooms = visibleRooms(deps.store, userId).filter((room) => !filter || filter(room, userId));
    const groups = deps.store.rooms.filter((room) => room.type === 'group' && room.members.includes(userId)).map((room) => room.uuid);
    return ok({
      chat_home: { id: chatHomeId(userId), user_id: userId, websocket_id: websocketIdOf(userId), groupChatUuids: groups, is_chat_admin: 0 },
      chat_rooms: rooms.map((room) => roomView(context, room, userId)),
    });
  };
}

function search(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const keyword = (context.query.get('keyword') ?? '').trim().toLowerCase();
    const rooms = visibleRooms(deps.store, userId)
      .map((room) => roomView(context, room, userId))
      .filter((room) => !keyword || [room.name, room.individual_name].some((name) => name?.toLowerCase().includes(keyword)));
    return ok({ chat_rooms: rooms });
  };
}

function viewAnswer(context: SandboxContext, room: Room, userId: number, page: number) {
  return ok({
    chat_room: roomView(context, room, userId),
    messages: messagePage(room, page, PER_PAGE, context.publicUrl('/live-chat/view-chat'), (message) => messageV1(context, room, message, userId)),
    pinned_messages: pinnedMessages(room).map((message) => messageV1(context, room, message, userId)),
  });
}

function viewChat(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    return viewAnswer(context, room.value, userId, pageParam(context.query));
  };
}

function viewAround(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const index = room.value.index.get(context.params.message_uuid ?? '');
    if (index === undefined) return fail(404, 'Message not found.');
    return viewAnswer(context, room.value, userId, pageOfIndex(room.value, index, PER_PAGE));
  };
}

function sticker(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const chosen = findSticker(integer(body.sticker_id) ?? 0);
    if (!chosen) return fail(422, 'The selected sticker id is invalid.');
    const message = createMessage(context, deps, room.value, userId, { kind: 'sticker', content: null, stickerId: chosen.id, clientMessageId: text(body.client_message_id) ?? null });
    return ok({ message: messageV1(context, room.value, message, userId) });
  };
}

/** pin-message and unpin-message. */
function pin(deps: ChatDeps, pinned: boolean) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.deletedAt) return fail(422, 'This message has been deleted.');
    message.pinnedAt = pinned ? iso(Date.now()) : null;
    announceChange(context, deps.liveChat, room, message);
    return ok({ message: pinned ? 'Message pinned.' : 'Message unpinned.' });
  };
}

function deleteMessage(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.userId !== userId) return fail(403, 'You can only delete your own messages.');
    if (!message.deletedAt) {
      message.deletedAt = iso(Date.now());
      message.pinnedAt = null;
      announceChange(context, deps.liveChat, room, message);
    }
    return ok({ message: 'Message deleted.' });
  };
}

function mute(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const state = memberState(room.value, userId);
    // The contract says toggle; an explicit `is_muted` is honoured too.
    const wanted = body.is_muted;
    state.muted = wanted === undefined ? !state.muted : wanted === true || wanted === 1 || wanted === '1' || wanted === 'true';
    return ok({ message: state.muted ? 'Chat muted.' : 'Chat unmuted.', chat_room: roomView(context, room.value, userId) });
  };
}

function chatRoom(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomFor(deps, context.params.uuid, userId);
    if (!room.ok) return room.answer;
    const participants = room.value.members.flatMap((id) => {
      const someone = findEmployee(id);
      return someone ? [employeeView(context, someone)] : [];
    });
    return ok({ chat_room: roomView(context, room.value, userId), participants });
  };
}

function deleteChat(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const state = memberState(room.value, userId);
    state.deletedAt = iso(Date.now());
    markRead(room.value, userId);
    return ok({ message: 'Chat deleted.' });
  };
}

function leaveGroup(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    if (room.value.type !== 'group') return fail(422, 'Only group chats can be left.');
    leave(room.value, userId);
    createMessage(context, deps, room.value, userId, { kind: 'system', content: `${nameOf(userId)} left the group.` });
    return ok({ message: 'You left the group.' });
  };
}

function files(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomFor(deps, context.params.uuid, userId);
    if (!room.ok) return room.answer;
    const list = room.value.messages.flatMap((message) => fileOf(context, room.value, message) ?? []).reverse();
    return ok({ files: list });
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function links(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomFor(deps, context.params.uuid, userId);
    if (!room.ok) return room.answer;
    const found = room.value.messages
      .filter((message) => !message.deletedAt && message.content?.includes('http'))
      .flatMap((message) =>
        (message.content!.match(URL_PATTERN) ?? []).map((url) => ({
          message_uuid: message.uuid,
          url: url.replace(/[.,;:!?)]+$/, ''),
          message_content: message.content,
          from_user_name: nameOf(message.userId),
          created_at: message.createdAt,
        })),
      )
      .reverse()
      .map((link, index) => ({ id: index + 1, ...link }));
    return ok({ links: found });
  };
}

function resetMeta(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    markRead(room.value, userId);
    announceChange(context, deps.liveChat, room.value, room.value.messages.at(-1));
    return ok({ message: 'Unread messages reset.' });
  };
}

export function v1Routes(deps: ChatDeps): SandboxRoute[] {
  return [
    { method: 'GET', path: '/live-chat/home', operationId: 'getChatHome', handle: home(deps) },
    { method: 'GET', path: '/live-chat/search', operationId: 'searchChatRooms', handle: search(deps) },
    { method: 'POST', path: '/live-chat/view-chat', operationId: 'viewChat', handle: viewChat(deps) },
    { method: 'POST', path: '/live-chat/view-chat/:message_uuid', operationId: 'viewChatAroundMessage', handle: viewAround(deps) },
    { method: 'POST', path: '/live-chat/send', operationId: 'sendMessage', handle: sendText(deps, messageV1) },
    { method: 'POST', path: '/live-chat/pin-message', operationId: 'pinMessage', handle: pin(deps, true) },
    { method: 'POST', path: '/live-chat/unpin-message', operationId: 'unpinMessage', handle: pin(deps, false) },
    { method: 'POST', path: '/live-chat/delete-message', operationId: 'deleteMessage', handle: deleteMessage(deps) },
    { method: 'POST', path: '/live-chat/mute-chat', operationId: 'muteChat', handle: mute(deps) },
    { method: 'GET', path: '/live-chat/chat-room/:uuid', operationId: 'getChatRoom', handle: chatRoom(deps) },
    { method: 'POST', path: '/live-chat/delete-chat', operationId: 'deleteChat', handle: deleteChat(deps) },
    { method: 'POST', path: '/live-chat/leave-group', operationId: 'leaveGroup', handle: leaveGroup(deps) },
    { method: 'GET', path: '/live-chat/chat-room/:uuid/files', operationId: 'getChatRoomFiles', handle: files(deps) },
    { method: 'GET', path: '/live-chat/chat-room/:uuid/links', operationId: 'getChatRoomLinks', handle: links(deps) },
    stickerListRoute,
    { method: 'POST', path: '/live-chat/stickers/send', operationId: 'sendSticker', handle: sticker(deps) },
    { method: 'POST', path: '/live-chat/reset-meta', operationId: 'resetMeta', handle: resetMeta(deps) },
    { method: 'POST', path: '/live-chat/upload-file', operationId: 'uploadFile', handle: createUploadHandler(deps, 'v1') },
  ];
}

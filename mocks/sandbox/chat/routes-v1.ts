// Live chat v1 (openapi/paths/live-chat-v1.yaml) answered from the chat store.
import { operation, pageParam, type OperationContext, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { announceChange, announceReceipts } from './events.ts';
import {
  PER_PAGE,
  createMessage,
  fail,
  markRead,
  messageFor,
  pinnedMessages,
  readRequest,
  roomFor,
  sendText,
  type ChatDeps,
} from './actions.ts';
import { employeeView, findEmployee } from './directory.ts';
import { leave } from './groups.ts';
import { userIdFromRequest } from './identity.ts';
import { findSticker, stickerListRoute } from './stickers.ts';
import { chatHomeId, iso, memberState, visibleRooms, websocketIdOf, type Room } from './store.ts';
import { uploadFileHandler } from './upload-routes.ts';
import { fileOf, messagePage, messageV1, nameOf, pageOfIndex, roomView } from './views.ts';

const FILTERS: Record<string, (room: Room, userId: number) => boolean> = {
  unread: (room, userId) => memberState(room, userId).unread > 0,
  group: (room) => room.type === 'group',
  individual: (room) => room.type === 'individual',
};

function home(deps: ChatDeps): OperationHandler<'getChatHome'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const filter = FILTERS[context.query.get('filter_by') ?? ''];
    const rooms = visibleRooms(deps.store, userId).filter((room) => !filter || filter(room, userId));
    const groups = deps.store.rooms.filter((room) => room.type === 'group' && room.members.includes(userId)).map((room) => room.uuid);
    return context.ok({
      chat_home: { id: chatHomeId(userId), user_id: userId, websocket_id: websocketIdOf(userId), groupChatUuids: groups, is_chat_admin: 0 },
      chat_rooms: rooms.map((room) => roomView(context, room, userId)),
    });
  };
}

function search(deps: ChatDeps): OperationHandler<'searchChatRooms'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const keyword = (context.query.get('keyword') ?? '').trim().toLowerCase();
    const rooms = visibleRooms(deps.store, userId)
      .map((room) => roomView(context, room, userId))
      .filter((room) => !keyword || [room.name, room.individual_name].some((name) => name?.toLowerCase().includes(keyword)));
    return context.ok({ chat_rooms: rooms });
  };
}

function viewAnswer(context: OperationContext<'viewChat'> | OperationContext<'viewChatAroundMessage'>, room: Room, userId: number, page: number) {
  return (context as OperationContext<'viewChat'>).ok({
    chat_room: roomView(context, room, userId),
    messages: messagePage(room, page, PER_PAGE, context.publicUrl('/live-chat/view-chat'), (message) => messageV1(context, room, message, userId)),
    pinned_messages: pinnedMessages(room).map((message) => messageV1(context, room, message, userId)),
  });
}

function viewChat(deps: ChatDeps): OperationHandler<'viewChat'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    return viewAnswer(context, room.value, userId, pageParam(context.query));
  };
}

function viewAround(deps: ChatDeps): OperationHandler<'viewChatAroundMessage'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const index = room.value.index.get(context.params.message_uuid ?? '');
    if (index === undefined) return fail(404, 'Message not found.');
    return viewAnswer(context, room.value, userId, pageOfIndex(room.value, index, PER_PAGE));
  };
}

function sticker(deps: ChatDeps): OperationHandler<'sendSticker'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const chosen = findSticker(body.sticker_id);
    if (!chosen) return fail(422, 'The selected sticker id is invalid.');
    const message = createMessage(context, deps, room.value, userId, { kind: 'sticker', content: null, stickerId: chosen.id, clientMessageId: body.client_message_id ?? null });
    return context.ok({ message: messageV1(context, room.value, message, userId) });
  };
}

/** pin-message and unpin-message. */
function pin(deps: ChatDeps, pinned: boolean): OperationHandler<'pinMessage' | 'unpinMessage'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const found = messageFor(deps, body, userId);
    if (!found.ok) return found.answer;
    const { room, message } = found.value;
    if (message.deletedAt) return fail(422, 'This message has been deleted.');
    message.pinnedAt = pinned ? iso(Date.now()) : null;
    announceChange(context, deps.liveChat, room, message);
    return context.ok({ message: pinned ? 'Message pinned.' : 'Message unpinned.' });
  };
}

function deleteMessage(deps: ChatDeps): OperationHandler<'deleteMessage'> {
  return async (context) => {
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
    return context.ok({ message: 'Message deleted.' });
  };
}

function mute(deps: ChatDeps): OperationHandler<'muteChat'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const state = memberState(room.value, userId);
    // The contract says toggle (its request names the room only).
    state.muted = !state.muted;
    return context.ok({ message: state.muted ? 'Chat muted.' : 'Chat unmuted.', chat_room: roomView(context, room.value, userId) });
  };
}

function chatRoom(deps: ChatDeps): OperationHandler<'getChatRoom'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomFor(deps, context.params.uuid, userId);
    if (!room.ok) return room.answer;
    const participants = room.value.members.flatMap((id) => {
      const someone = findEmployee(id);
      return someone ? [employeeView(context, someone)] : [];
    });
    return context.ok({ chat_room: roomView(context, room.value, userId), participants });
  };
}

function deleteChat(deps: ChatDeps): OperationHandler<'deleteChat'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const state = memberState(room.value, userId);
    state.deletedAt = iso(Date.now());
    markRead(room.value, userId);
    return context.ok({ message: 'Chat deleted.' });
  };
}

function leaveGroup(deps: ChatDeps): OperationHandler<'leaveGroup'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    if (room.value.type !== 'group') return fail(422, 'Only group chats can be left.');
    leave(room.value, userId);
    createMessage(context, deps, room.value, userId, { kind: 'system', content: `${nameOf(userId)} left the group.` });
    await deps.onMembersLeft?.(room.value, [userId]);
    return context.ok({ message: 'You left the group.' });
  };
}

function files(deps: ChatDeps): OperationHandler<'getChatRoomFiles'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomFor(deps, context.params.uuid, userId);
    if (!room.ok) return room.answer;
    const list = room.value.messages.flatMap((message) => fileOf(context, room.value, message) ?? []).reverse();
    return context.ok({ files: list });
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function links(deps: ChatDeps): OperationHandler<'getChatRoomLinks'> {
  return (context) => {
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
    return context.ok({ links: found });
  };
}

function resetMeta(deps: ChatDeps): OperationHandler<'resetMeta'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const before = markRead(room.value, userId);
    // The senders hear of it (their receipts), never the reader (see read-message, routes-v2.ts).
    announceReceipts(context, deps.liveChat, room.value, userId, before);
    return context.ok({ message: 'Unread messages reset.' });
  };
}

/** send: the text message in the v1 shape. */
function send(deps: ChatDeps): OperationHandler<'sendMessage'> {
  return async (context) => {
    const sent = await sendText(context, deps);
    if (!sent.ok) return sent.answer;
    const { room, message, userId } = sent.value;
    return context.ok({ message: messageV1(context, room, message, userId) });
  };
}

export function v1Routes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('GET', '/live-chat/home', 'getChatHome', home(deps)),
    operation('GET', '/live-chat/search', 'searchChatRooms', search(deps)),
    operation('POST', '/live-chat/view-chat', 'viewChat', viewChat(deps)),
    operation('POST', '/live-chat/view-chat/:message_uuid', 'viewChatAroundMessage', viewAround(deps)),
    operation('POST', '/live-chat/send', 'sendMessage', send(deps)),
    operation('POST', '/live-chat/pin-message', 'pinMessage', pin(deps, true)),
    operation('POST', '/live-chat/unpin-message', 'unpinMessage', pin(deps, false)),
    operation('POST', '/live-chat/delete-message', 'deleteMessage', deleteMessage(deps)),
    operation('POST', '/live-chat/mute-chat', 'muteChat', mute(deps)),
    operation('GET', '/live-chat/chat-room/:uuid', 'getChatRoom', chatRoom(deps)),
    operation('POST', '/live-chat/delete-chat', 'deleteChat', deleteChat(deps)),
    operation('POST', '/live-chat/leave-group', 'leaveGroup', leaveGroup(deps)),
    operation('GET', '/live-chat/chat-room/:uuid/files', 'getChatRoomFiles', files(deps)),
    operation('GET', '/live-chat/chat-room/:uuid/links', 'getChatRoomLinks', links(deps)),
    stickerListRoute,
    operation('POST', '/live-chat/stickers/send', 'sendSticker', sticker(deps)),
    operation('POST', '/live-chat/reset-meta', 'resetMeta', resetMeta(deps)),
    operation('POST', '/live-chat/upload-file', 'uploadFile', uploadFileHandler(deps), { readsForm: true }),
  ];
}

// How chats begin: a direct chat (the two people's existing room, or a new one), a group or an urgent
// group (the creator is its admin), the user's one HR chat, a clone of a group, and the v2 search over
// the user's groups. Every new room is in its members' chat homes at once and announced to them.
import { randomUUID } from 'node:crypto';
import { operation, type OperationContext, type OperationHandler, type SandboxContext, type SandboxRoute } from '../routes.ts';
import { fail, readRequest, roomFor, type ChatDeps } from './actions.ts';
import { findEmployee } from './directory.ts';
import { announceRoom, createGroup, readParticipants } from './groups.ts';
import { userIdFromRequest } from './identity.ts';
import { iso, isMember, lastActivity, memberState, type Room } from './store.ts';
import { nameOf, roomView } from './views.ts';

/** The HR team every HR chat has (Nur Aisyah and Sri Wahyuni, Human Capital). */
export const HR_TEAM = [14, 24];

/** Answers the contract's ChatRoomResponse (start-individual-chat, start-group-chat, the HR and urgent chats). */
type RoomAnswering = Pick<SandboxContext, 'publicUrl'> & Pick<OperationContext<'startIndividualChat'>, 'ok'>;

const roomAnswer = (context: RoomAnswering, room: Room, userId: number, message?: string) =>
  context.ok({ ...(message ? { message } : {}), chat_room: roomView(context, room, userId) });

function directRoom(deps: ChatDeps, a: number, b: number): Room | undefined {
  return deps.store.rooms.find((room) => room.type === 'individual' && room.founders.length === 2 && room.founders.includes(a) && room.founders.includes(b));
}

function startIndividual(deps: ChatDeps): OperationHandler<'startIndividualChat'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const other = body.user_id;
    if (other === userId) return fail(422, 'You cannot start a chat with yourself.');
    if (!findEmployee(other)) return fail(404, 'Employee not found.');
    const existing = directRoom(deps, userId, other);
    if (existing) {
      // A room the user had deleted comes back to their chat home.
      memberState(existing, userId).deletedAt = null;
      return roomAnswer(context, existing, userId);
    }
    const room = deps.store.addRoom({
      id: deps.store.newRoomId(),
      uuid: randomUUID(),
      type: 'individual',
      name: null,
      members: [userId, other],
      isHr: false,
      isUrgent: false,
      createdAt: iso(Date.now()),
    });
    announceRoom(context, deps, room, userId);
    return roomAnswer(context, room, userId, 'Chat started.');
  };
}

/** start-group-chat and create-urgent-group-chat: a name and at least one participant. */
function startGroup(deps: ChatDeps, urgent: boolean): OperationHandler<'startGroupChat' | 'createUrgentGroupChat'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const name = body.name.trim();
    if (!name) return fail(422, 'Please enter the group name!');
    const participants = readParticipants(body.participants, userId);
    if (!participants.ok) return participants.answer;
    const room = createGroup(context, deps, userId, { name, members: participants.value, urgent });
    return roomAnswer(context, room, userId, urgent ? 'Urgent group chat created.' : 'Group chat created.');
  };
}

/** The user's HR chat: the one they started, else a new one with the HR team. */
function hrChat(deps: ChatDeps): OperationHandler<'createChatWithHrGroupChat'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const existing = deps.store.rooms.find((room) => room.isHr && room.founders[0] === userId && isMember(room, userId));
    if (existing) {
      memberState(existing, userId).deletedAt = null;
      return roomAnswer(context, existing, userId);
    }
    const room = deps.store.addRoom({
      id: deps.store.newRoomId(),
      uuid: randomUUID(),
      type: 'group',
      name: `Chat with HR - ${nameOf(userId)}`,
      members: [userId, ...HR_TEAM.filter((id) => id !== userId)],
      isHr: true,
      isUrgent: false,
      createdAt: iso(Date.now()),
    });
    announceRoom(context, deps, room, userId);
    return roomAnswer(context, room, userId, 'Chat with HR created.');
  };
}

/** A new group with the same members, admins and settings; the caller is its creator and an admin. */
function cloneGroup(deps: ChatDeps): OperationHandler<'cloneGroupChatV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const source = roomFor(deps, body.chat_room_uuid, userId);
    if (!source.ok) return source.answer;
    if (source.value.type !== 'group') return fail(422, 'Only group chats can be cloned.');
    const name = body.name.trim();
    if (!name) return fail(422, 'The name field is required.');
    const { members, admins, settings } = source.value;
    const room = createGroup(context, deps, userId, { name, members, admins: members.filter((id) => admins.has(id)), settings });
    return context.ok({ message: 'Group chat cloned.', chat_room: roomView(context, room, userId) });
  };
}

/** The user's groups whose name holds the keyword, latest activity first. */
function groupsMatching(deps: ChatDeps, context: SandboxContext, userId: number, keyword: string) {
  return deps.store.rooms
    .filter((room) => room.type === 'group' && isMember(room, userId) && (room.name ?? '').toLowerCase().includes(keyword))
    .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)))
    .map((room) => roomView(context, room, userId));
}

function searchGroups(deps: ChatDeps): OperationHandler<'searchGroupChatsV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const keyword = (context.query.get('keyword') ?? '').trim().toLowerCase();
    return context.ok({ chat_rooms: groupsMatching(deps, context, userId, keyword) });
  };
}

/** The Call tab's group search: the same groups, by `name` in the body, answered as `groups`. */
function searchCallGroups(deps: ChatDeps): OperationHandler<'searchVideoCallGroups'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    return context.ok({ groups: groupsMatching(deps, context, userId, (body.name ?? '').trim().toLowerCase()) });
  };
}

export function startRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('POST', '/live-chat/start-individual-chat', 'startIndividualChat', startIndividual(deps)),
    operation('POST', '/live-chat/start-group-chat', 'startGroupChat', startGroup(deps, false)),
    operation('POST', '/live-chat/create-urgent-group-chat', 'createUrgentGroupChat', startGroup(deps, true)),
    operation('POST', '/live-chat/create-chat-with-hr-group-chat', 'createChatWithHrGroupChat', hrChat(deps)),
    operation('POST', '/v2/live-chat/clone', 'cloneGroupChatV2', cloneGroup(deps)),
    operation('GET', '/v2/live-chat/search-group', 'searchGroupChatsV2', searchGroups(deps)),
    operation('POST', '/video-call/search-groups', 'searchVideoCallGroups', searchCallGroups(deps)),
  ];
}

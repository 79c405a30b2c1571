// What the group calls share: creating a group (its creator is its admin and a system message
// announces it to the members), adding and removing members with the events their apps refetch on,
// the admin check, and the member and detail shapes of the v2 contract.
import type { ChatDetailResponse, ChatRoom, GroupMemberV2 } from '../../../generated/http/types.gen.ts';
import { randomUUID } from 'node:crypto';
import type { ErrorAnswer, SandboxContext } from '../routes.ts';
import { checkRoom, createMessage, fail, integer, type ChatDeps, type Found } from './actions.ts';
import { employeeView, findEmployee } from './directory.ts';
import { announceChange } from './events.ts';
import { freshState, iso, isAdmin, isMember, memberState, websocketIdOf, type GroupSettings, type Room } from './store.ts';
import { fileUrl, nameOf, roomView } from './views.ts';

type Urls = Pick<SandboxContext, 'publicUrl'>;

/** The room named by a path's `id` (a chat room id) if the user is a member: 404 for anything else. */
export function roomByIdParam(deps: ChatDeps, id: unknown, userId: number): Found<Room> {
  const number = integer(id);
  return checkRoom(number === undefined ? undefined : deps.store.roomById(number), userId);
}

/** Makes the user a member from now on: a fresh state (a returning member starts over), the history read, not an admin. */
export function join(room: Room, userId: number, now: string): void {
  if (!isMember(room, userId)) room.members.push(userId);
  room.admins.delete(userId);
  room.state.set(userId, freshState(now, room.messages.at(-1)?.id ?? 0));
}

/** Takes the user out of the room and its admins; a group left without an admin gets its longest member as one. */
export function leave(room: Room, userId: number): void {
  room.members = room.members.filter((member) => member !== userId);
  room.admins.delete(userId);
  if (room.type === 'group' && room.members.length > 0 && !room.members.some((member) => room.admins.has(member))) room.admins.add(room.members[0]!);
}

/** 422 for a direct room, 403 (`Only group admins can …`) for a member who is not an admin; undefined when allowed. */
export function refuseUnlessAdmin(room: Room, userId: number, action: string): ErrorAnswer | undefined {
  if (room.type !== 'group') return fail(422, 'This is not a group chat.');
  if (!isAdmin(room, userId)) return fail(403, `Only group admins can ${action}.`);
  return undefined;
}

/** "A", "A and B", "A, B and C"; past three names "A, B, C and 12 others". */
export function namesList(userIds: readonly number[]): string {
  const names = userIds.slice(0, userIds.length > 3 ? 3 : userIds.length).map(nameOf);
  if (userIds.length > 3) return `${names.join(', ')} and ${userIds.length - 3} others`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** A list of org ids (numbers are taken as their strings); missing is an empty list, anything else undefined. */
export function idList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const list = value.map((id) => (typeof id === 'string' || typeof id === 'number' ? String(id).trim() : undefined));
  return list.every((id) => id !== undefined && id !== '') ? (list as string[]) : undefined;
}

/**
 * The `participants` of a request: user ids of employees in the directory, each once, without the
 * caller. 422 when the list is missing, empty or names someone unknown.
 */
export function readParticipants(value: unknown, userId: number): Found<number[]> {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, answer: fail(422, 'Please select at least one participant!') };
  const ids = value.map(integer);
  if (ids.some((id) => id === undefined || !findEmployee(id))) return { ok: false, answer: fail(422, 'The selected participants are invalid.') };
  const unique = [...new Set(ids as number[])].filter((id) => id !== userId);
  if (unique.length === 0) return { ok: false, answer: fail(422, 'Please select at least one participant!') };
  return { ok: true, value: unique };
}

export interface NewGroup {
  name: string;
  /** Everyone but the creator. */
  members: number[];
  admins?: number[];
  urgent?: boolean;
  hr?: boolean;
  settings?: GroupSettings;
}

/** A new group: the creator first and an admin; "… created the group" tells every member's app about it. */
export function createGroup(context: SandboxContext, deps: ChatDeps, creator: number, group: NewGroup): Room {
  const room = deps.store.addRoom({
    id: deps.store.newRoomId(),
    uuid: randomUUID(),
    type: 'group',
    name: group.name,
    members: [creator, ...group.members.filter((id) => id !== creator)],
    admins: [creator, ...(group.admins ?? []).filter((id) => id !== creator)],
    isHr: group.hr ?? false,
    isUrgent: group.urgent ?? false,
    createdAt: iso(Date.now()),
    ...(group.settings ? { settings: structuredClone(group.settings) } : {}),
  });
  createMessage(context, deps, room, creator, { kind: 'system', content: `${nameOf(creator)} created the group` });
  return room;
}

/** A room that appears without a message (a new direct or HR chat): `live_chat` to every member, `new_chat_room` to the others. */
export function announceRoom(urls: Urls, deps: ChatDeps, room: Room, creator: number): void {
  if (!deps.liveChat) return;
  for (const member of room.members) deps.liveChat.emit(websocketIdOf(member), { ...roomView(urls, room, member), event_type: 'live_chat' });
  for (const member of room.members) {
    if (member !== creator) deps.liveChat.emit(websocketIdOf(member), { ...roomView(urls, room, member), event_type: 'new_chat_room' });
  }
}

/** Adds the employees who are not members yet; "A added B" reaches everyone, the new members as `new_chat_room`. */
export function addMembers(context: SandboxContext, deps: ChatDeps, room: Room, by: number, userIds: readonly number[]): number[] {
  const added = userIds.filter((id) => !room.members.includes(id));
  if (added.length === 0) return added;
  const now = iso(Date.now());
  for (const id of added) join(room, id, now);
  createMessage(context, deps, room, by, { kind: 'system', content: `${nameOf(by)} added ${namesList(added)}` });
  return added;
}

/**
 * Takes the members out: the room leaves their chat home and their view-chat answers 403. "A removed
 * B" reaches the remaining members as a new message and the removed ones as a `live_chat` event. Their
 * places in the group's running call go too (issue 33): resolves once they are out of its media room.
 */
export async function removeMembers(context: SandboxContext, deps: ChatDeps, room: Room, by: number, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) leave(room, id);
  const message = createMessage(context, deps, room, by, { kind: 'system', content: `${nameOf(by)} removed ${namesList(userIds)}` });
  announceChange(context, deps.liveChat, room, message, userIds);
  await deps.onMembersLeft?.(room, userIds);
}

/** The contract's GroupMemberV2. */
export function memberView(urls: Urls, room: Room, userId: number): GroupMemberV2 {
  const employee = findEmployee(userId);
  return {
    ...(employee ? employeeView(urls, employee) : { id: userId }),
    is_admin: isAdmin(room, userId) ? 1 : 0,
    joined_at: memberState(room, userId).joinedAt,
  };
}

/** Admins first, then the others in the order they joined. */
export function membersOf(urls: Urls, room: Room): GroupMemberV2[] {
  const ordered = [...room.members].sort((a, b) => Number(isAdmin(room, b)) - Number(isAdmin(room, a)));
  return ordered.map((id) => memberView(urls, room, id));
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The contract's ChatDetailResponse body: the room, its description and avatar, counters, members. */
export function detailView(urls: Urls, room: Room, viewer: number): ChatDetailResponse & { chat_room: ChatRoom } {
  const shown = room.messages.filter((message) => !message.deletedAt);
  return {
    chat_room: roomView(urls, room, viewer),
    description: room.description,
    avatar_url: room.avatar ? fileUrl(urls, room.avatar) : null,
    is_chat_admin: isAdmin(room, viewer) ? 1 : 0,
    total_members: room.members.length,
    total_files: shown.filter((message) => message.file).length,
    total_links: shown.reduce((sum, message) => sum + (message.content?.match(URL_PATTERN)?.length ?? 0), 0),
    members: membersOf(urls, room),
  };
}

// Running a group (v2): its detail by id or uuid and the admins' edit of it (multipart `_method=PATCH`,
// the avatar served like an uploaded chat file), its members with admin marks, adding and removing
// participants, making admins, the set-up screen and the org settings. Changes are admins' only
// (403 "Only group admins can …") and reach the members' apps as system messages or live events.
import type { SandboxAnswer, SandboxContext, SandboxRoute } from '../routes.ts';
import { createMessage, fail, integer, ok, readRequest, roomFor, text, type ChatDeps, type Found } from './actions.ts';
import { COMPANIES, OUTLETS, SUB_COMPANIES, type OrgOption } from './directory.ts';
import { announceChange } from './events.ts';
import { addMembers, detailView, idList, membersOf, readParticipants, refuseUnlessAdmin, removeMembers, roomByIdParam } from './groups.ts';
import { userIdFromRequest } from './identity.ts';
import { isAdmin, isMember, type Room } from './store.ts';
import { readUpload, type UploadedFile } from './uploads.ts';
import { nameOf, roomView } from './views.ts';

function detailById(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    return room.ok ? ok(detailView(context, room.value, userId)) : room.answer;
  };
}

function detailByUuid(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    return room.ok ? ok(detailView(context, room.value, userId)) : room.answer;
  };
}

interface DetailEdit {
  fields: Map<string, string>;
  avatar: UploadedFile | undefined;
}

/** The edit's fields: a multipart form (with the avatar file) or, without a file, JSON or a urlencoded form. */
async function readEdit(deps: ChatDeps, context: SandboxContext): Promise<Found<DetailEdit>> {
  if (/^multipart\/form-data/i.test(context.request.headers['content-type'] ?? '')) {
    const form = await readUpload(context.request, deps.limits, 1);
    if (!form.ok) return form;
    return { ok: true, value: { fields: form.value.fields, avatar: form.value.files.get('avatar')?.[0] } };
  }
  const body = await context.body();
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(body)) if (text(value) !== undefined) fields.set(key, text(value)!);
  return { ok: true, value: { fields, avatar: undefined } };
}

function updateDetail(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const edit = await readEdit(deps, context);
    if (!edit.ok) return edit.answer;
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    const { fields, avatar } = edit.value;
    if (fields.get('_method')?.toUpperCase() !== 'PATCH') return fail(422, 'The _method field must be PATCH.');
    const refused = refuseUnlessAdmin(room.value, userId, 'edit the group');
    if (refused) return refused;
    const name = fields.get('name')?.trim();
    if (fields.has('name') && !name) return fail(422, 'The name field must not be empty.');
    if (avatar && !avatar.mimeType.startsWith('image/')) return fail(422, 'The avatar must be an image.');
    const group = room.value;
    if (fields.has('description')) group.description = fields.get('description')!.trim() || null;
    if (avatar) group.avatar = deps.store.newFile(avatar.name, avatar.mimeType, avatar.bytes);
    if (name && name !== group.name) {
      // A rename is a system message, so every member's chat list shows the new name and why.
      group.name = name;
      createMessage(context, deps, group, userId, { kind: 'system', content: `${nameOf(userId)} changed the group name to "${name}"` });
    } else {
      announceChange(context, deps.liveChat, group, undefined);
    }
    return ok({ message: 'Group updated.', ...detailView(context, group, userId) });
  };
}

function members(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return ok({ total: room.value.members.length, members: membersOf(context, room.value) });
  };
}

/** add-participants and remove-participants (admins only), answering with the members afterwards. */
function participants(deps: ChatDeps, adding: boolean) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, adding ? 'add participants' : 'remove participants');
    if (refused) return refused;
    if (!adding && Array.isArray(body.participants) && body.participants.map(integer).includes(userId)) return fail(422, 'Use leave-group to leave the group.');
    const chosen = readParticipants(body.participants, userId);
    if (!chosen.ok) return chosen.answer;
    let message: string;
    if (adding) {
      message = `${addMembers(context, deps, room.value, userId, chosen.value).length} participants added.`;
    } else {
      if (!chosen.value.every((id) => isMember(room.value, id))) return fail(422, 'The selected participants are not members of this group.');
      removeMembers(context, deps, room.value, userId, chosen.value);
      message = `${chosen.value.length} participants removed.`;
    }
    return ok({ message, total: room.value.members.length, members: membersOf(context, room.value) });
  };
}

/** remove-member and add-admin: one member of the group, named by `user_id`, changed by an admin. */
function memberAction(deps: ChatDeps, action: string, act: (context: SandboxContext, room: Room, by: number, target: number) => SandboxAnswer) {
  return async (context: SandboxContext): Promise<SandboxAnswer> => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, action);
    if (refused) return refused;
    const target = integer(body.user_id);
    if (target === undefined) return fail(422, 'The user id field is required.');
    if (!isMember(room.value, target)) return fail(422, 'The user is not a member of this group.');
    return act(context, room.value, userId, target);
  };
}

const removeMember = (deps: ChatDeps) =>
  memberAction(deps, 'remove members', (context, room, by, target) => {
    if (target === by) return fail(422, 'Use leave-group to leave the group.');
    removeMembers(context, deps, room, by, [target]);
    return ok({ message: 'Member removed.' });
  });

const addAdmin = (deps: ChatDeps) =>
  memberAction(deps, 'add admins', (context, room, by, target) => {
    if (isAdmin(room, target)) return ok({ message: 'Already an admin.' });
    room.admins.add(target);
    createMessage(context, deps, room, by, { kind: 'system', content: `${nameOf(target)} is now an admin` });
    return ok({ message: 'Admin added.' });
  });

function setup(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return ok({ chat_room: roomView(context, room.value, userId), members: membersOf(context, room.value), is_chat_admin: isAdmin(room.value, userId) ? 1 : 0 });
  };
}

function settings(deps: ChatDeps) {
  return (context: SandboxContext) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return ok({ group_settings: { chat_room_id: room.value.id, ...room.value.settings } });
  };
}

const SETTING_LISTS: Array<[field: 'business_units' | 'companies' | 'outlets', label: string, known: readonly OrgOption[]]> = [
  ['business_units', 'business units', SUB_COMPANIES],
  ['companies', 'companies', COMPANIES],
  ['outlets', 'outlets', OUTLETS],
];

function saveSettings(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const room = roomByIdParam(deps, body.chat_room_id, userId);
    if (!room.ok) return integer(body.chat_room_id) === undefined ? fail(422, 'The chat room id field is required.') : room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, 'change the group settings');
    if (refused) return refused;
    const saved = { business_units: [] as string[], companies: [] as string[], outlets: [] as string[] };
    for (const [field, label, known] of SETTING_LISTS) {
      const list = idList(body[field]);
      if (!list || list.some((id) => !known.some((option) => option.id === id))) return fail(422, `The selected ${label} are invalid.`);
      saved[field] = [...new Set(list)];
    }
    room.value.settings = saved;
    return ok({ message: 'Group settings saved.', group_settings: { chat_room_id: room.value.id, ...saved } });
  };
}

export function groupRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    // Before detail/{id}, which would take "remove-member" for an id.
    { method: 'POST', path: '/v2/live-chat/detail/remove-member', operationId: 'removeGroupMemberV2', handle: removeMember(deps) },
    { method: 'POST', path: '/v2/live-chat/detail/add-admin', operationId: 'addGroupAdminV2', handle: addAdmin(deps) },
    { method: 'GET', path: '/v2/live-chat/detail/:id', operationId: 'getChatDetailV2', handle: detailById(deps) },
    { method: 'POST', path: '/v2/live-chat/detail', operationId: 'getChatDetailByUuidV2', handle: detailByUuid(deps) },
    { method: 'POST', path: '/v2/live-chat/detail/:id', operationId: 'updateGroupDetailV2', handle: updateDetail(deps) },
    { method: 'GET', path: '/v2/live-chat/see-members/:id', operationId: 'getGroupMembersV2', handle: members(deps) },
    { method: 'POST', path: '/v2/live-chat/add-participants', operationId: 'addParticipantsV2', handle: participants(deps, true) },
    { method: 'POST', path: '/v2/live-chat/remove-participants', operationId: 'removeParticipantsV2', handle: participants(deps, false) },
    { method: 'GET', path: '/v2/live-chat/setup-chat-group/:id', operationId: 'getChatGroupSetupV2', handle: setup(deps) },
    { method: 'GET', path: '/v2/live-chat/group-settings/:id', operationId: 'getGroupSettingsV2', handle: settings(deps) },
    { method: 'POST', path: '/v2/live-chat/group-settings', operationId: 'saveGroupSettingsV2', handle: saveSettings(deps) },
  ];
}

// Running a group (v2): its detail by id or uuid and the admins' edit of it (multipart `_method=PATCH`,
// the avatar served like an uploaded chat file), its members with admin marks, adding and removing
// participants, making admins, the set-up screen and the org settings. Changes are admins' only
// (403 "Only group admins can …") and reach the members' apps as system messages or live events.
import { formAsBody, parseRequestBody, type RequestBody } from '../contract.ts';
import { operation, type ErrorAnswer, type OperationContext, type OperationHandler, type SandboxRoute, type SuccessAnswer } from '../routes.ts';
import { createMessage, fail, readRequest, roomFor, type ChatDeps, type Found } from './actions.ts';
import { COMPANIES, OUTLETS, SUB_COMPANIES, type OrgOption } from './directory.ts';
import { announceChange } from './events.ts';
import { addMembers, detailView, idList, membersOf, readParticipants, refuseUnlessAdmin, removeMembers, roomByIdParam } from './groups.ts';
import { userIdFromRequest } from './identity.ts';
import { isAdmin, isMember, type Room } from './store.ts';
import { readUpload, type UploadedFile } from './uploads.ts';
import { nameOf, roomView } from './views.ts';

function detailById(deps: ChatDeps): OperationHandler<'getChatDetailV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    return room.ok ? context.ok(detailView(context, room.value, userId)) : room.answer;
  };
}

function detailByUuid(deps: ChatDeps): OperationHandler<'getChatDetailByUuidV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    return room.ok ? context.ok(detailView(context, room.value, userId)) : room.answer;
  };
}

interface DetailEdit {
  fields: RequestBody<'updateGroupDetailV2'>;
  avatar: UploadedFile | undefined;
}

/** The edit: a multipart form (with the avatar file) or, without a file, JSON; either as the contract's schema reads it. */
async function readEdit(deps: ChatDeps, context: OperationContext<'updateGroupDetailV2'>): Promise<Found<DetailEdit>> {
  if (/^multipart\/form-data/i.test(context.request.headers['content-type'] ?? '')) {
    const form = await readUpload(context.request, deps.limits, 1);
    if (!form.ok) return form;
    const fields = parseRequestBody('updateGroupDetailV2', formAsBody(form.value.fields, form.value.files));
    if (!fields.ok) return fields;
    return { ok: true, value: { fields: fields.value, avatar: form.value.files.get('avatar')?.[0] } };
  }
  return { ok: true, value: { fields: await context.body(), avatar: undefined } };
}

function updateDetail(deps: ChatDeps): OperationHandler<'updateGroupDetailV2'> {
  return async (context) => {
    const userId = userIdFromRequest(context.request);
    const edit = await readEdit(deps, context);
    if (!edit.ok) return edit.answer;
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    const { fields, avatar } = edit.value;
    const refused = refuseUnlessAdmin(room.value, userId, 'edit the group');
    if (refused) return refused;
    const name = fields.name?.trim();
    if (fields.name !== undefined && !name) return fail(422, 'The name field must not be empty.');
    if (avatar && !avatar.mimeType.startsWith('image/')) return fail(422, 'The avatar must be an image.');
    const group = room.value;
    if (fields.description !== undefined) group.description = fields.description.trim() || null;
    if (avatar) group.avatar = deps.store.newFile(avatar.name, avatar.mimeType, avatar.bytes);
    if (name && name !== group.name) {
      // A rename is a system message, so every member's chat list shows the new name and why.
      group.name = name;
      createMessage(context, deps, group, userId, { kind: 'system', content: `${nameOf(userId)} changed the group name to "${name}"` });
    } else {
      announceChange(context, deps.liveChat, group, undefined);
    }
    return context.ok({ message: 'Group updated.', ...detailView(context, group, userId) });
  };
}

function members(deps: ChatDeps): OperationHandler<'getGroupMembersV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return context.ok({ total: room.value.members.length, members: membersOf(context, room.value) });
  };
}

/** add-participants and remove-participants (admins only), answering with the members afterwards. */
function participants(deps: ChatDeps, adding: boolean): OperationHandler<'addParticipantsV2' | 'removeParticipantsV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, adding ? 'add participants' : 'remove participants');
    if (refused) return refused;
    if (!adding && body.participants.includes(userId)) return fail(422, 'Use leave-group to leave the group.');
    const chosen = readParticipants(body.participants, userId);
    if (!chosen.ok) return chosen.answer;
    let message: string;
    if (adding) {
      message = `${addMembers(context, deps, room.value, userId, chosen.value).length} participants added.`;
    } else {
      if (!chosen.value.every((id) => isMember(room.value, id))) return fail(422, 'The selected participants are not members of this group.');
      await removeMembers(context, deps, room.value, userId, chosen.value);
      message = `${chosen.value.length} participants removed.`;
    }
    return context.ok({ message, total: room.value.members.length, members: membersOf(context, room.value) });
  };
}

/**
 * remove-member and add-admin: one member of the group, named by `user_id`, changed by an admin (the
 * two operations share their request and answer shapes).
 */
function memberAction(
  deps: ChatDeps,
  action: string,
  act: (context: OperationContext<'removeGroupMemberV2'>, room: Room, by: number, target: number) => SuccessAnswer<'removeGroupMemberV2'> | ErrorAnswer | Promise<SuccessAnswer<'removeGroupMemberV2'> | ErrorAnswer>,
): OperationHandler<'removeGroupMemberV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, action);
    if (refused) return refused;
    const target = body.user_id;
    if (!isMember(room.value, target)) return fail(422, 'The user is not a member of this group.');
    return act(context, room.value, userId, target);
  };
}

const removeMember = (deps: ChatDeps) =>
  memberAction(deps, 'remove members', async (context, room, by, target) => {
    if (target === by) return fail(422, 'Use leave-group to leave the group.');
    await removeMembers(context, deps, room, by, [target]);
    return context.ok({ message: 'Member removed.' });
  });

const addAdmin = (deps: ChatDeps) =>
  memberAction(deps, 'add admins', (context, room, by, target) => {
    if (isAdmin(room, target)) return context.ok({ message: 'Already an admin.' });
    room.admins.add(target);
    createMessage(context, deps, room, by, { kind: 'system', content: `${nameOf(target)} is now an admin` });
    return context.ok({ message: 'Admin added.' });
  });

function setup(deps: ChatDeps): OperationHandler<'getChatGroupSetupV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return context.ok({ chat_room: roomView(context, room.value, userId), members: membersOf(context, room.value), is_chat_admin: isAdmin(room.value, userId) ? 1 : 0 });
  };
}

function settings(deps: ChatDeps): OperationHandler<'getGroupSettingsV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const room = roomByIdParam(deps, context.params.id, userId);
    if (!room.ok) return room.answer;
    return context.ok({ group_settings: { chat_room_id: room.value.id, ...room.value.settings } });
  };
}

const SETTING_LISTS: Array<[field: 'business_units' | 'companies' | 'outlets', label: string, known: readonly OrgOption[]]> = [
  ['business_units', 'business units', SUB_COMPANIES],
  ['companies', 'companies', COMPANIES],
  ['outlets', 'outlets', OUTLETS],
];

function saveSettings(deps: ChatDeps): OperationHandler<'saveGroupSettingsV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomByIdParam(deps, body.chat_room_id, userId);
    if (!room.ok) return room.answer;
    const refused = refuseUnlessAdmin(room.value, userId, 'change the group settings');
    if (refused) return refused;
    const saved = { business_units: [] as string[], companies: [] as string[], outlets: [] as string[] };
    for (const [field, label, known] of SETTING_LISTS) {
      const list = idList(body[field]);
      if (!list || list.some((id) => !known.some((option) => option.id === id))) return fail(422, `The selected ${label} are invalid.`);
      saved[field] = [...new Set(list)];
    }
    room.value.settings = saved;
    return context.ok({ message: 'Group settings saved.', group_settings: { chat_room_id: room.value.id, ...saved } });
  };
}

export function groupRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    // Before detail/{id}, which would take "remove-member" for an id.
    operation('POST', '/v2/live-chat/detail/remove-member', 'removeGroupMemberV2', removeMember(deps)),
    operation('POST', '/v2/live-chat/detail/add-admin', 'addGroupAdminV2', addAdmin(deps)),
    operation('GET', '/v2/live-chat/detail/:id', 'getChatDetailV2', detailById(deps)),
    operation('POST', '/v2/live-chat/detail', 'getChatDetailByUuidV2', detailByUuid(deps)),
    operation('POST', '/v2/live-chat/detail/:id', 'updateGroupDetailV2', updateDetail(deps), { readsForm: true }),
    operation('GET', '/v2/live-chat/see-members/:id', 'getGroupMembersV2', members(deps)),
    operation('POST', '/v2/live-chat/add-participants', 'addParticipantsV2', participants(deps, true)),
    operation('POST', '/v2/live-chat/remove-participants', 'removeParticipantsV2', participants(deps, false)),
    operation('GET', '/v2/live-chat/setup-chat-group/:id', 'getChatGroupSetupV2', setup(deps)),
    operation('GET', '/v2/live-chat/group-settings/:id', 'getGroupSettingsV2', settings(deps)),
    operation('POST', '/v2/live-chat/group-settings', 'saveGroupSettingsV2', saveSettings(deps)),
  ];
}

// The contract is no stricter than SPEC where it infers (issue 21): a success answer requires only
// the fields SPEC names for it. Everything the contract adds (an `x-inferred` field, or one SPEC does
// not name) is optional, says in its description what the app does when it is missing, and a server
// that answers exactly SPEC's fields passes the generated validators.
import { describe, expect, it } from 'vitest';
import { zGetUserDataResponse } from '../../generated/http/zod.gen.ts';
import { deref, listOperations } from '../../scripts/lib/contract-examples.ts';
import { contract, type Json } from './support.ts';

/**
 * Every field a 2xx success shape may require, as `Schema.field`, with where SPEC names it. Adding a
 * required field that is not here fails below: make it optional with a fallback, or name the SPEC line.
 */
const SPEC_NAMED: Record<string, string> = {
  'UserDataResponse.changed_password': '§3 User data response, §4 More modal',
  'UserDataResponse.compliance_ping': '§3 User data response',
  'User.id': '§3 User ("only id is otherwise known")',
  'LoginResponse.access_token': '§3 local storage: access token; §7 every call sends it (the sign-in call exists to get it)',
  'ModuleTokenResponse.token': 'a call this project asks the backend to add (docs/architecture.md, web modules): no existing answer to infer',
  'ModuleTokenResponse.expires_in': 'a call this project asks the backend to add (docs/architecture.md, web modules): no existing answer to infer',
  'ModuleTokenResponse.scope': 'a call this project asks the backend to add (docs/architecture.md, web modules): no existing answer to infer',
  'QrCheckInResponse.check_in': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'CheckIn.id': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'CheckIn.location': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'CheckIn.checked_in_at': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'CheckInLocation.id': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'CheckInLocation.name': 'a call this project asks the backend to add (docs/qr.md): no existing answer to infer',
  'FeedLikeResponse.liked': 'a call this project asks the backend to add (issue 37, docs/backend.md): no existing answer to infer',
  'FeedLikeResponse.likes_count': 'a call this project asks the backend to add (issue 37, docs/backend.md): no existing answer to infer',
  'FeedCommentResponse.comment': 'a call this project asks the backend to add (issue 37, docs/backend.md): no existing answer to infer',
  'FeedCommentResponse.comments_count': 'a call this project asks the backend to add (issue 37, docs/backend.md): no existing answer to infer',
  'FeedCommentDeletedResponse.comments_count': 'a call this project asks the backend to add (issue 37, docs/backend.md): no existing answer to infer',
  'LikesResponse.likes': '§7 likes: response likes[]',
  'Like.user': '§3 Like: user with …',
  'LikeUser.signed_profile_picture_url': '§3 Like',
  'LikeUser.employee_number': '§3 Like',
  'LikeUser.first_name': '§3 Like',
  'LikeUser.last_name': '§3 Like',
  'Announcement.id': '§3 Announcement',
  'Announcement.content': '§3 Announcement',
  'Comment.id': '§3 Comment',
  'Comment.announcement_id': '§3 Comment',
  'Comment.likes_count': '§3 Comment',
  'ForumComment.id': '§3 Comment (§2 forum comment likes: same layout)',
  'ForumComment.likes_count': '§3 Comment (§2 forum comment likes: same layout)',
  'UnreadCountResponse.notification_unread_counts': '§3 Notification counters, §7',
  'PendingApprovalsResponse.total_approval': '§3 Notification counters, §7',
  'PermissionsResponse.permissions': '§7 response permissions[]',
  'SsoTokenResponse.status': '§3 Single sign-on token response, §7',
  'JobPortalTokenResponse.url': '§7 response url',
  'UploadFileResponse.message': '§7 upload-file returns message',
  'ChatRoomResponse.chat_room': '§7 start-individual-chat / start-group-chat return chat_room',
  'ChatRoom.id': '§3 Chat room',
  'ChatRoom.uuid': '§3 Chat room',
  'ChatRoom.type': '§3 Chat room',
  'SearchEmployeesResponse.users': '§7 search-employees returns users[]',
  'Employee.id': '§3 Employee search result',
  'ChatHomeResponse.chat_home': '§3 Chat home, §7 the chat home fetch (the socket listens on its websocket id)',
  'ChatHome.id': '§3 Chat home',
  'ChatHome.user_id': '§3 Chat home',
  'ChatHome.groupChatUuids': '§3 Chat home',
  'ChatHome.is_chat_admin': '§3 Chat home',
  'GroupSettings.business_units': '§3 Group settings',
  'GroupSettings.companies': '§3 Group settings',
  'GroupSettings.outlets': '§3 Group settings',
  'LongPollResponse.has_new_event': '§3 Poll response',
  'LongPollResponse.events': '§3 Poll response',
  'LongPollEvent.id': '§3 Long-poll event',
  'LongPollEvent.name': '§3 Long-poll event',
  'LongPollEvent.data': '§3 Long-poll event',
  'BroadcastAuthResponse.auth': '§7 /broadcasting/auth: the Pusher protocol, whose client refuses an answer without it',
  'BroadcastUserAuthResponse.auth': '§7 /broadcasting/user-auth: the Pusher protocol',
  'BroadcastUserAuthResponse.user_data': '§7 /broadcasting/user-auth: the Pusher protocol',
  'UpdateCheckResponse.update_info': '§7 update check: response update_info',
  'UpdateInfo.is_available': '§7 update check: update_info.is_available',
};

interface RequiredField {
  key: string;
  operationId: string;
  inferred: boolean;
  description: string;
}

const refName = (value: unknown) => ((value as { $ref?: string })?.$ref ?? '').split('/').pop() ?? '';

/** Every (schema, field) a 2xx JSON success shape holds, required or not, walking nested objects and arrays. */
function successFields(): { required: RequiredField[]; optional: RequiredField[] } {
  const required: RequiredField[] = [];
  const optional: RequiredField[] = [];
  const walk = (node: unknown, name: string, operationId: string, seen: Set<string>) => {
    const ref = refName(node);
    if (ref === 'ErrorBody' || (ref && seen.has(ref))) return;
    const next = ref ? new Set([...seen, ref]) : seen;
    const schema = deref<Json>(contract, node);
    if (!schema || typeof schema !== 'object') return;
    const own = ref || name;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const branch of (schema[key] as unknown[] | undefined) ?? []) walk(branch, own, operationId, next);
    if (schema.items) walk(schema.items, own, operationId, next);
    const requiredNames = (schema.required as string[] | undefined) ?? [];
    for (const [field, property] of Object.entries((schema.properties as Json | undefined) ?? {})) {
      const resolved = deref<Json>(contract, property);
      const entry = {
        key: `${own}.${field}`,
        operationId,
        inferred: Boolean((property as Json)['x-inferred']),
        description: String((property as Json).description ?? resolved?.description ?? ''),
      };
      (requiredNames.includes(field) ? required : optional).push(entry);
      walk(property, `${own}.${field}`, operationId, next);
    }
  };
  const paths = contract.paths as Record<string, Record<string, Json>>;
  for (const operation of listOperations(contract)) {
    const responses = (paths[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {}) as Json;
    for (const [status, listed] of Object.entries(responses)) {
      if (!status.startsWith('2')) continue;
      const media = ((deref<Json>(contract, listed).content ?? {}) as Json)['application/json'] as Json | undefined;
      if (media?.schema) walk(media.schema, operation.operationId, operation.operationId, new Set());
    }
  }
  return { required, optional };
}

const fields = successFields();

describe('the fields a success answer requires', () => {
  it('are only those SPEC names (or a protocol SPEC points to): every other field is optional', () => {
    const unnamed = [...new Set(fields.required.filter((field) => !(field.key in SPEC_NAMED)).map((field) => `${field.key} (${field.operationId})`))];
    expect(unnamed).toEqual([]);
  });

  it('never include a field marked x-inferred', () => {
    expect([...new Set(fields.required.filter((field) => field.inferred).map((field) => field.key))]).toEqual([]);
  });

  it('leave every field the contract infers optional, each saying what the app does without it', () => {
    const relaxed = [...new Map(fields.optional.filter((field) => /so optional: when it is missing, /.test(field.description)).map((field) => [field.key, field])).values()];
    expect(relaxed.length).toBeGreaterThan(60);
    for (const field of relaxed) expect(field.inferred, field.key).toBe(true);
    expect(relaxed.map((field) => field.key)).toEqual(expect.arrayContaining(['UserDataResponse.user', 'FeedResponse.data', 'ViewChatResponse.messages', 'ChatMessage.uuid']));
  });
});

describe('a server answering exactly SPEC §3', () => {
  it('passes the generated check of GET /auth/user-data with changed_password, compliance_ping, error and status_code only', () => {
    const answer = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200 };
    const parsed = zGetUserDataResponse.safeParse(answer);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});

// Search inside a room (x-inferred, openapi/paths/live-chat-search.yaml): the uuid and time of every
// message of the room whose text holds the keyword, case-insensitive, deleted ones left out, newest
// first. The 10,000-message archive answers in a few milliseconds: one pass over the room's texts,
// each lower-cased once and kept beside the message.
import { operation, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { checkRoom, fail, type ChatDeps } from './actions.ts';
import { userIdFromRequest } from './identity.ts';
import type { StoredMessage } from './store.ts';

export const SEARCH_LIMIT = 500;
const KEYWORD_MAX = 100;

const lowered = new WeakMap<StoredMessage, { content: string | null; text: string }>();

/** The message's text in lower case, computed again only when the text changed (an edit). */
function searchableText(message: StoredMessage): string {
  const known = lowered.get(message);
  if (known && known.content === message.content) return known.text;
  const text = (message.content ?? '').toLocaleLowerCase();
  lowered.set(message, { content: message.content, text });
  return text;
}

function searchRoom(deps: ChatDeps): OperationHandler<'searchRoomMessages'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const found = checkRoom(deps.store.room(context.params.uuid ?? ''), userId);
    if (!found.ok) return found.answer;
    const keyword = (context.query.get('keyword') ?? '').trim();
    if (keyword === '') return fail(422, 'The keyword field is required.');
    if (keyword.length > KEYWORD_MAX) return fail(422, `The keyword may not be greater than ${KEYWORD_MAX} characters.`);
    const asked = Number(context.query.get('limit') ?? SEARCH_LIMIT);
    const limit = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, SEARCH_LIMIT) : SEARCH_LIMIT;
    const wanted = keyword.toLocaleLowerCase();
    const messages = found.value.messages;
    const matches: Array<{ message_uuid: string; created_at: string }> = [];
    let total = 0;
    for (let at = messages.length - 1; at >= 0; at -= 1) {
      const message = messages[at]!;
      if (message.deletedAt || message.kind === 'system' || message.kind === 'call' || !message.content) continue;
      if (!searchableText(message).includes(wanted)) continue;
      total += 1;
      if (matches.length < limit) matches.push({ message_uuid: message.uuid, created_at: message.createdAt });
    }
    return context.ok({ keyword, total, matches });
  };
}

export function searchRoutes(deps: ChatDeps): SandboxRoute[] {
  return [operation('GET', '/live-chat/chat-room/:uuid/search', 'searchRoomMessages', searchRoom(deps))];
}

// Polls in group chats (v2 setup-vote-feature, vote, see-voters): a poll is posted as a `vote`
// message, and every vote changes the counts all later answers carry and reaches every member as a
// `live_chat` event whose message is the poll as that member sees it (their own `is_voted`).
import { randomUUID } from 'node:crypto';
import { operation, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { checkRoom, createMessage, fail, integer, readRequest, roomFor, type ChatDeps, type Found } from './actions.ts';
import { announceChange } from './events.ts';
import { userIdFromRequest } from './identity.ts';
import { iso, type Poll, type Room } from './store.ts';
import { messageV2, pollView, senderOf } from './views.ts';

/** The deadline, if any: undefined when it is not a date in the future. */
function deadline(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) || time <= Date.now() ? undefined : iso(time);
}

function setupVote(deps: ChatDeps): OperationHandler<'setupVoteV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const room = roomFor(deps, body.chat_room_uuid, userId);
    if (!room.ok) return room.answer;
    if (room.value.type !== 'group') return fail(422, 'Votes can only be created in group chats.');
    const question = body.question.trim();
    if (!question) return fail(422, 'The question field is required.');
    const options = body.options.map((option) => option.trim());
    if (options.length < 2 || options.some((option) => !option)) return fail(422, 'A vote needs at least two options.');
    const expiresAt = deadline(body.expired_at);
    if (expiresAt === undefined) return fail(422, 'The expired at field must be a date in the future.');
    const now = iso(Date.now());
    const poll = deps.store.addPoll({
      roomId: room.value.id,
      messageUuid: randomUUID(),
      question,
      allowMultiple: body.allow_multiple_answers === true,
      anonymous: body.is_anonymous === true,
      expiresAt,
      createdBy: userId,
      createdAt: now,
      options,
    });
    const message = createMessage(context, deps, room.value, userId, { kind: 'vote', content: question, poll, uuid: poll.messageUuid });
    return context.ok({ message: 'Vote created.', vote: pollView(context, poll, userId), chat_message: messageV2(context, room.value, message, userId) });
  };
}

/** The poll and its room, if the user is a member: 404 for an unknown or deleted poll. */
function pollFor(deps: ChatDeps, id: unknown, userId: number): Found<{ poll: Poll; room: Room }> {
  const poll = deps.store.polls.get(integer(id) ?? -1);
  const room = poll && deps.store.roomById(poll.roomId);
  if (!poll || !room || deps.store.message(room, poll.messageUuid)?.deletedAt) return { ok: false, answer: fail(404, 'Vote not found.') };
  const allowed = checkRoom(room, userId);
  return allowed.ok ? { ok: true, value: { poll, room } } : allowed;
}

/**
 * The user's choice replaces their earlier one (the contract's VoteRequest: the app sends the whole
 * selection, so unticking an option withdraws it); an empty list withdraws all of the user's votes.
 */
function castVote(deps: ChatDeps): OperationHandler<'castVoteV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const found = pollFor(deps, body.vote_id, userId);
    if (!found.ok) return found.answer;
    const { poll, room } = found.value;
    if (poll.expiresAt && Date.parse(poll.expiresAt) <= Date.now()) return fail(422, 'Voting for this poll has closed.');
    const chosen = [...new Set(body.option_ids)];
    if (chosen.some((id) => !poll.options.some((option) => option.id === id))) return fail(422, 'The selected options are invalid.');
    if (!poll.allowMultiple && chosen.length > 1) return fail(422, 'This poll allows one answer only.');
    const now = iso(Date.now());
    for (const option of poll.options) {
      if (chosen.includes(option.id)) {
        if (!option.votes.has(userId)) option.votes.set(userId, now);
      } else {
        option.votes.delete(userId);
      }
    }
    const message = deps.store.message(room, poll.messageUuid)!;
    announceChange(context, deps.liveChat, room, message);
    return context.ok({
      message: chosen.length > 0 ? 'Vote saved.' : 'Vote withdrawn.',
      vote: pollView(context, poll, userId),
      chat_message: messageV2(context, room, message, userId),
    });
  };
}

function voters(deps: ChatDeps): OperationHandler<'getVotersV2'> {
  return (context) => {
    const userId = userIdFromRequest(context.request);
    const found = pollFor(deps, context.params.id, userId);
    if (!found.ok) return found.answer;
    const { poll } = found.value;
    const view = pollView(context, poll, userId);
    return context.ok({
      vote_id: poll.id,
      question: poll.question,
      total_votes: view.total_votes,
      options: poll.options.map((option) => ({
        id: option.id,
        option_text: option.text,
        votes_count: option.votes.size,
        // An anonymous poll tells the counts only.
        voters: poll.anonymous ? [] : [...option.votes].map(([voter, votedAt]) => ({ ...senderOf(context, voter), voted_at: votedAt })),
      })),
    });
  };
}

export function pollRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('POST', '/v2/live-chat/setup-vote-feature', 'setupVoteV2', setupVote(deps)),
    operation('POST', '/v2/live-chat/vote', 'castVoteV2', castVote(deps)),
    operation('GET', '/v2/live-chat/see-voters/:id', 'getVotersV2', voters(deps)),
  ];
}

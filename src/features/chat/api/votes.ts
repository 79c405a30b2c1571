// Polls in group chats (SPEC §2 chats/vote, §7): setting one up posts it to the room as a message;
// a vote answers with the poll's new counts, which replace the cached message's poll at once (the
// other members' apps get the same through the live `live_chat` event); the voters per option.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { castVoteV2Mutation, getVotersV2Options, setupVoteV2Mutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { fromPoll, fromV2 } from './message-model.ts';
import type { RoomRef } from './room-api.ts';
import { chatMessages, roomKey } from '../store/chat-messages.ts';

export interface NewPoll {
  question: string;
  options: string[];
  multiple: boolean;
  anonymous: boolean;
  /** ISO time voting closes, or null. */
  closesAt: string | null;
}

/** Sets up a poll; the message that carries it joins the room's cached list at once. */
export function useCreatePoll(roomUuid: string) {
  return useMutation({
    mutationFn: (poll: NewPoll) =>
      call(setupVoteV2Mutation())({
        body: {
          chat_room_uuid: roomUuid,
          question: poll.question.trim(),
          options: poll.options.map((option) => option.trim()),
          allow_multiple_answers: poll.multiple,
          is_anonymous: poll.anonymous,
          expired_at: poll.closesAt,
        },
      }),
    onSuccess: (answer) => {
      // Polls are a v2 feature (/chats/vote): the message joins the v2 room's list.
      const message = answer.chat_message && fromV2(answer.chat_message);
      if (message) chatMessages.insert({ version: 'v2', uuid: roomUuid }, [message]);
    },
  });
}

export function useCastVote(room: RoomRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pollId, optionIds }: { messageUuid: string; pollId: number; optionIds: number[] }) =>
      call(castVoteV2Mutation())({ body: { vote_id: pollId, option_ids: optionIds } }),
    onSuccess: (answer, { messageUuid }) => {
      // Without the poll in the answer, the vote counts as saved and the poll is loaded again.
      if (!answer.vote) return void queryClient.invalidateQueries({ queryKey: roomKey(room) });
      const poll = fromPoll(answer.vote);
      chatMessages.patch(room, messageUuid, (message) => ({ ...message, poll }));
    },
  });
}

/** Who voted for what; a poll without an id (the server left it out) cannot be asked. */
export function useVoters(pollId: number | null) {
  return useQuery({ ...getVotersV2Options({ path: { id: pollId ?? 0 } }), enabled: pollId !== null });
}

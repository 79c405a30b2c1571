// Live chat beyond SPEC (issue 24; openapi/paths/live-chat-messages.yaml, all x-inferred): reacting to
// a message, forwarding one to other rooms, and who has read one of the user's messages. Both API
// families use these v1 calls (v2 has none); the answers are mapped to RoomMessage like any other.
import { useQuery } from '@tanstack/react-query';
import { forwardMessageMutation, getMessageReadersOptions, reactToMessageMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { MessageReader } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { fromV1, type ReactionCount, type ReactionType, type RoomMessage } from './message-model.ts';

export type { MessageReader };

/** The fixed set, in the order the picker shows it (the contract's ReactionType). */
export const REACTION_TYPES: readonly ReactionType[] = ['like', 'love', 'laugh', 'celebrate', 'thanks', 'sad'];

/** The counts as they are once the user's reaction is `next` (null: none), before the server answers. */
export function withMyReaction(reactions: readonly ReactionCount[], next: ReactionType | null): ReactionCount[] {
  const counts = new Map(reactions.map((entry) => [entry.reaction, { ...entry }]));
  for (const entry of counts.values()) {
    if (!entry.mine) continue;
    entry.mine = false;
    entry.count -= 1;
  }
  if (next) {
    const entry = counts.get(next) ?? { reaction: next, count: 0, mine: false };
    counts.set(next, { ...entry, count: entry.count + 1, mine: true });
  }
  return REACTION_TYPES.flatMap((reaction) => {
    const entry = counts.get(reaction);
    return entry && entry.count > 0 ? [entry] : [];
  });
}

/** The reaction the user has on a message, if any. */
export const myReaction = (message: Pick<RoomMessage, 'reactions'>): ReactionType | null => message.reactions?.find((entry) => entry.mine)?.reaction ?? null;

/** Sets the user's reaction on a message (null: takes it away); the counts as the server has them now, when its answer says. */
export async function sendReaction(roomUuid: string, messageUuid: string, reaction: ReactionType | null): Promise<ReactionCount[] | null> {
  const answer = await call(reactToMessageMutation())({ body: { chat_room_uuid: roomUuid, message_uuid: messageUuid, reaction } });
  const confirmed = answer.message ? fromV1(answer.message) : null;
  return confirmed ? [...(confirmed.reactions ?? [])] : null;
}

/** Forwards a message to rooms (at most 20 at a time, as the contract says); the copies arrive as live messages. */
export async function forwardMessage(messageUuid: string, roomUuids: readonly string[], clientId: string): Promise<void> {
  await call(forwardMessageMutation())({ body: { message_uuid: messageUuid, chat_room_uuids: [...roomUuids], client_message_id: clientId } });
}

/** Who has read one of the user's messages, and who not yet. */
export function useMessageReaders(messageUuid: string) {
  return useQuery({ ...getMessageReadersOptions({ path: { message_uuid: messageUuid } }), staleTime: 0 });
}

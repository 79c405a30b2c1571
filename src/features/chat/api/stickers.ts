// Stickers: the picker's list (GET /live-chat/stickers, x-inferred: SPEC shows only the send) and
// sending one (POST /live-chat/stickers/send, the v1 call, which v2 has no counterpart for).
import { useQuery } from '@tanstack/react-query';
import { listStickersOptions, sendStickerMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { fromV1, type RoomMessage } from './message-model.ts';
import type { Sticker } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';

/** A sticker that can be sent (one without an id could not be, so it is not offered). */
export type SendableSticker = Sticker & { id: number };

export function useStickers(enabled: boolean) {
  // The set changes rarely: kept for the session once loaded.
  return useQuery({
    ...listStickersOptions(),
    enabled,
    staleTime: Infinity,
    select: (answer) => (answer.stickers ?? []).filter((sticker): sticker is SendableSticker => typeof sticker.id === 'number'),
  });
}

/** `clientId`: the outbox entry's id, sent as `client_message_id` so a resend is stored once (as on send). */
export async function sendSticker(roomUuid: string, stickerId: number, clientId: string): Promise<RoomMessage[]> {
  const answer = await call(sendStickerMutation())({ body: { chat_room_uuid: roomUuid, sticker_id: stickerId, client_message_id: clientId } });
  const message = answer.message && fromV1(answer.message);
  return message ? [message] : [];
}

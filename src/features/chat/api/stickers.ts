// Stickers: the picker's list (GET /live-chat/stickers, x-inferred: SPEC shows only the send) and
// sending one (POST /live-chat/stickers/send, the v1 call, which v2 has no counterpart for).
import { useQuery } from '@tanstack/react-query';
import { listStickersOptions, sendStickerMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { fromV1, type RoomMessage } from './message-model.ts';
import { call } from '../../../api/call-mutation.ts';

export type { Sticker } from '../../../../generated/http/types.gen.ts';

export function useStickers(enabled: boolean) {
  // The set changes rarely: kept for the session once loaded.
  return useQuery({ ...listStickersOptions(), enabled, staleTime: Infinity });
}

export async function sendSticker(roomUuid: string, stickerId: number): Promise<RoomMessage> {
  const answer = await call(sendStickerMutation())({ body: { chat_room_uuid: roomUuid, sticker_id: stickerId } });
  return fromV1(answer.message);
}

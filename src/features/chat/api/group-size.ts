// How many are in a group, for the v2 room's header (`GET /v2/live-chat/detail/{id}`: the room's id is
// known there). Its own module (not api/groups.ts, with every group call) so the room's start carries
// only this query; it shares the detail screen's cache entry (the same generated query key).
import { useQuery } from '@tanstack/react-query';
import { getChatDetailV2Options } from '../../../../generated/http/@tanstack/react-query.gen.ts';

export function useGroupSize(roomId: number | undefined, enabled: boolean) {
  const { data } = useQuery({
    ...getChatDetailV2Options({ path: { id: roomId ?? 0 } }),
    enabled: enabled && roomId !== undefined,
    select: (detail) => detail.total_members ?? detail.members?.length,
  });
  return data;
}

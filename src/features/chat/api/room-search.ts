// Search inside a room (GET /live-chat/chat-room/{uuid}/search, x-inferred): the matching messages'
// uuids, newest first, and how many match in all. Both route families use it (v2 has no such call), as
// they use v1's jump to a message, which opens a match's page.
import { useQuery } from '@tanstack/react-query';
import { searchRoomMessagesOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';

export interface RoomSearchResult {
  /** Newest first; a match without its uuid is left out (it could not be opened). */
  matches: string[];
  total: number;
}

export function useRoomSearch(roomUuid: string, keyword: string) {
  return useQuery({
    ...searchRoomMessagesOptions({ path: { uuid: roomUuid }, query: { keyword } }),
    enabled: keyword !== '',
    // A message sent since is found by searching again (the bar asks again when it opens).
    staleTime: 30_000,
    select: (answer): RoomSearchResult => {
      const matches = (answer.matches ?? []).flatMap((match) => (match.message_uuid ? [match.message_uuid] : []));
      return { matches, total: Math.max(answer.total ?? matches.length, matches.length) };
    },
  });
}

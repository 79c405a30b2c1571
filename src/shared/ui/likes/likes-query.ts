// How every comment-likes call is queried (SPEC §4, §8), whichever endpoint serves it: each opening
// asks the server again, a failure is reported at once and never retried, and screens read the list.
import { queryOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { Like, LikesResponse } from '../../../api/models.ts';

// Module-level so TanStack keeps one selected list per answer (a new list would re-run onLoaded).
const selectLikes = (response: LikesResponse): Like[] => response.likes ?? [];

/** The generated options of a likes call, with the likes modal's query behaviour. */
export function likesQueryOptions<K extends QueryKey>(generated: { queryKey: K; queryFn?: QueryFunction<LikesResponse, K> | unknown }) {
  return queryOptions({
    queryKey: generated.queryKey as QueryKey,
    queryFn: generated.queryFn as QueryFunction<LikesResponse>,
    select: selectLikes,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

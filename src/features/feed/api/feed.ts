// The feed's list call: the paged announcements per group type (SPEC §3: company_wide, department,
// anything else is company), and the cache update the likes modal makes (SPEC §4).
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { getFeedInfiniteOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { FeedResponse } from '../../../../generated/http/types.gen.ts';
import { zGetFeedResponse } from '../../../../generated/http/zod.gen.ts';
import { toApiError } from '../../../api/api-error.ts';
import { FIRST_FEED_GROUP, takeFirstFeed } from '../../../api/early-feed.ts';
import { readFeedSnapshot, saveFeedSnapshot } from './feed-snapshot.ts';
import { nextPageOf } from '../../../shared/ui/paged-list/next-page.ts';

export type { Announcement, Comment } from '../../../../generated/http/types.gen.ts';

export const FEED_SEGMENTS = ['company_wide', 'department', 'company'] as const;
export type FeedSegment = (typeof FEED_SEGMENTS)[number];

export function feedQueryOptions(segment: FeedSegment) {
  const generated = getFeedInfiniteOptions({ query: { group_type: segment } });
  const fetchPage = generated.queryFn;
  // Home's first segment starts from what the employee saw last time (feed-snapshot.ts), then refetches.
  return infiniteQueryOptions({
    ...generated,
    queryFn: async (context) => {
      const early = await takeFirstFeed(segment, context.pageParam);
      let page: FeedResponse;
      if (early !== undefined) page = await validateFeed(early);
      else if (typeof fetchPage === 'function') page = await fetchPage(context);
      else throw new Error('getFeed has no query function');
      if (segment === FIRST_FEED_GROUP && context.pageParam === 1) saveFeedSnapshot(page);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (page: FeedResponse) => nextPageOf(page.meta),
    ...(segment === FIRST_FEED_GROUP && {
      // Read when the query is created in the cache, not on every render.
      initialData: () => {
        const stored = readFeedSnapshot();
        return stored && { pages: [stored.page], pageParams: [1] };
      },
      // Always confirmed by the network at start, however recently it was stored.
      initialDataUpdatedAt: 0,
    }),
  });
}

export function useFeed(segment: FeedSegment) {
  return useInfiniteQuery(feedQueryOptions(segment));
}

/** An answer requested before the SDK loaded (through the same client, so body errors already threw), checked against the contract. */
async function validateFeed(answer: unknown): Promise<FeedResponse> {
  try {
    return await zGetFeedResponse.parseAsync(answer);
  } catch (error) {
    throw toApiError(error, undefined);
  }
}

/** Every cached feed (all segments) whose announcements are paged. */
export const FEED_CACHES = { queryKey: [{ _id: 'getFeed', _infinite: true }] };

/** SPEC §4: the loaded likes' length becomes the comment's likes_count, wherever the feed shows it. */
export function setFeedCommentLikesCount(queryClient: QueryClient, announcementId: number, commentId: number, count: number): void {
  queryClient.setQueriesData<InfiniteData<FeedResponse>>(FEED_CACHES, (cached) =>
    cached && {
      ...cached,
      pages: cached.pages.map((page) => ({
        ...page,
        data: page.data?.map((announcement) =>
          announcement.id !== announcementId
            ? announcement
            : {
                ...announcement,
                comments: announcement.comments?.map((comment) => (comment.id === commentId ? { ...comment, likes_count: count } : comment)),
              },
        ),
      })),
    },
  );
}

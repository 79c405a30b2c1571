// The generated calls the feed uses: the paged announcements per group type, and the likes endpoint
// the announcement's group type picks (SPEC §3: company_wide, department, anything else is company).
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  getCompanyCommentLikesQueryKey,
  getCompanyWideCommentLikesQueryKey,
  getDepartmentCommentLikesQueryKey,
  getFeedInfiniteOptions,
} from '../../../generated/http/@tanstack/react-query.gen.ts';
import { getCompanyCommentLikes, getCompanyWideCommentLikes, getDepartmentCommentLikes } from '../../../generated/http/sdk.gen.ts';
import type { FeedResponse, LikesResponse, Pagination } from '../../../generated/http/types.gen.ts';
import { zGetFeedResponse } from '../../../generated/http/zod.gen.ts';
import { toApiError } from '../../api/api-error.ts';
import { rejectBodyError } from '../../shared/errors/body-error.ts';
import { takeFirstFeed } from './early-feed.ts';

export const FEED_SEGMENTS = ['company_wide', 'department', 'company'] as const;
export type FeedSegment = (typeof FEED_SEGMENTS)[number];

/** The next Laravel page, or undefined on the last one. */
export function nextPageOf(meta: Pagination | undefined): number | undefined {
  const current = meta?.current_page;
  const last = meta?.last_page;
  return typeof current === 'number' && typeof last === 'number' && current < last ? current + 1 : undefined;
}

export function feedQueryOptions(segment: FeedSegment) {
  const generated = getFeedInfiniteOptions({ query: { group_type: segment } });
  const fetchPage = generated.queryFn;
  return infiniteQueryOptions({
    ...generated,
    queryFn: async (context) => {
      const early = await takeFirstFeed(segment, context.pageParam);
      if (early !== undefined) return rejectBodyError(await validateFeed(early));
      if (typeof fetchPage !== 'function') throw new Error('getFeed has no query function');
      return rejectBodyError(await fetchPage(context));
    },
    initialPageParam: 1,
    getNextPageParam: (page: FeedResponse) => nextPageOf(page.meta),
  });
}

/** An answer requested before the SDK loaded, checked against the contract like any other. */
async function validateFeed(answer: unknown): Promise<FeedResponse> {
  try {
    return await zGetFeedResponse.parseAsync(answer);
  } catch (error) {
    throw toApiError(error, undefined);
  }
}

/** Every cached feed (all segments) whose announcements are paged. */
const FEED_CACHES = { queryKey: [{ _id: 'getFeed', _infinite: true }] };

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

export type LikesEndpoint = 'company_wide' | 'department' | 'company';

export const likesEndpointFor = (groupType: string | null | undefined): LikesEndpoint =>
  groupType === 'company_wide' || groupType === 'department' ? groupType : 'company';

/** The query key and the call of a feed comment's likes, on the endpoint of its announcement's group type. */
export function commentLikesQuery(groupType: string | null | undefined, announcementId: number, commentId: number) {
  const options = { path: { announcement_id: announcementId, comment_id: commentId } };
  const call = { ...options, throwOnError: true } as const;
  switch (likesEndpointFor(groupType)) {
    case 'company_wide':
      return {
        queryKey: getCompanyWideCommentLikesQueryKey(options),
        load: async (signal: AbortSignal): Promise<LikesResponse> => (await getCompanyWideCommentLikes({ ...call, signal })).data,
      };
    case 'department':
      return {
        queryKey: getDepartmentCommentLikesQueryKey(options),
        load: async (signal: AbortSignal): Promise<LikesResponse> => (await getDepartmentCommentLikes({ ...call, signal })).data,
      };
    case 'company':
      return {
        queryKey: getCompanyCommentLikesQueryKey(options),
        load: async (signal: AbortSignal): Promise<LikesResponse> => (await getCompanyCommentLikes({ ...call, signal })).data,
      };
  }
}

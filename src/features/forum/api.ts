// The generated calls the forum uses: the paged threads and a forum comment's likes.
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { getForumCommentLikesQueryKey, getForumThreadsInfiniteOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { getForumCommentLikes } from '../../../generated/http/sdk.gen.ts';
import type { ForumThreadsResponse, LikesResponse, Pagination } from '../../../generated/http/types.gen.ts';
import { rejectBodyError } from '../../shared/errors/body-error.ts';

function nextPageOf(meta: Pagination | undefined): number | undefined {
  const current = meta?.current_page;
  const last = meta?.last_page;
  return typeof current === 'number' && typeof last === 'number' && current < last ? current + 1 : undefined;
}

export function forumQueryOptions() {
  const generated = getForumThreadsInfiniteOptions();
  const fetchPage = generated.queryFn;
  return infiniteQueryOptions({
    ...generated,
    queryFn: async (context) => {
      if (typeof fetchPage !== 'function') throw new Error('getForumThreads has no query function');
      return rejectBodyError(await fetchPage(context));
    },
    initialPageParam: 1,
    getNextPageParam: (page: ForumThreadsResponse) => nextPageOf(page.meta),
  });
}

/** SPEC §4: the loaded likes' length becomes the forum comment's likes_count. */
export function setForumCommentLikesCount(queryClient: QueryClient, commentId: number, count: number): void {
  queryClient.setQueryData<InfiniteData<ForumThreadsResponse>>(forumQueryOptions().queryKey, (cached) =>
    cached && {
      ...cached,
      pages: cached.pages.map((page) => ({
        ...page,
        data: page.data?.map((thread) =>
          thread.comments?.some((comment) => comment.id === commentId)
            ? { ...thread, comments: thread.comments.map((comment) => (comment.id === commentId ? { ...comment, likes_count: count } : comment)) }
            : thread,
        ),
      })),
    },
  );
}

export function forumCommentLikesQuery(commentId: number) {
  const options = { path: { comment_id: commentId } };
  return {
    queryKey: getForumCommentLikesQueryKey(options),
    load: async (signal: AbortSignal): Promise<LikesResponse> => (await getForumCommentLikes({ ...options, signal, throwOnError: true })).data,
  };
}

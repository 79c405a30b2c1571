// The forum's calls: the paged threads and a forum comment's likes (SPEC §7).
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { getForumCommentLikesOptions, getForumThreadsInfiniteOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import type { ForumThreadsResponse } from '../../../generated/http/types.gen.ts';
import { likesQueryOptions } from '../../shared/ui/likes/likes-query.ts';
import { nextPageOf } from '../../shared/ui/paged-list/next-page.ts';

export type { ForumComment } from '../../../generated/http/types.gen.ts';

export function forumQueryOptions() {
  return infiniteQueryOptions({
    ...getForumThreadsInfiniteOptions(),
    initialPageParam: 1,
    getNextPageParam: (page: ForumThreadsResponse) => nextPageOf(page.meta),
  });
}

export function useForumThreads() {
  return useInfiniteQuery(forumQueryOptions());
}

export function useForumCommentLikes(commentId: number) {
  return useQuery(likesQueryOptions(getForumCommentLikesOptions({ path: { comment_id: commentId } })));
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

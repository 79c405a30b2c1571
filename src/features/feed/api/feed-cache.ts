// The feed's cached posts, changed in place (issue 37): a like given or taken away, a comment written
// or deleted, and the other readers' changes that the broadcast's `feed_counts` brings. Every segment's
// cache is updated (a post is found wherever it is loaded); a change that changes nothing keeps the
// same objects, so no post renders again. Loaded with the first like, comment or live event, not with
// Home.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Announcement, Comment, FeedResponse } from '../../../../generated/http/types.gen.ts';
import type { FeedCounts } from '../../../shared/events/app-events.ts';
import { FEED_CACHES } from './feed.ts';

type PostChange = (post: Announcement) => Announcement;

/** Applies `change` to the post wherever it is cached; a change that returns the same post changes nothing. */
export function updateCachedPost(queryClient: QueryClient, announcementId: number, change: PostChange): void {
  queryClient.setQueriesData<InfiniteData<FeedResponse>>(FEED_CACHES, (cached) => {
    if (!cached) return cached;
    let changed = false;
    const pages = cached.pages.map((page) => {
      if (!page.data?.some((post) => post.id === announcementId)) return page;
      const data = page.data.map((post) => {
        if (post.id !== announcementId) return post;
        const next = change(post);
        if (next !== post) changed = true;
        return next;
      });
      return changed ? { ...page, data } : page;
    });
    return changed ? { ...cached, pages } : cached;
  });
}

/** The post as the cache holds it (the first copy found), or undefined when it is not loaded. */
export function cachedPost(queryClient: QueryClient, announcementId: number): Announcement | undefined {
  for (const [, cached] of queryClient.getQueriesData<InfiniteData<FeedResponse>>(FEED_CACHES)) {
    for (const page of cached?.pages ?? []) {
      const found = page.data?.find((post) => post.id === announcementId);
      if (found) return found;
    }
  }
  return undefined;
}

/** The number of comments a post shows: the server's count when it sent one, else the comments listed. */
export const commentsCountOf = (post: Pick<Announcement, 'comments' | 'comments_count'>): number => post.comments_count ?? post.comments?.length ?? 0;

/** A like's state on the post (`commentId` undefined) or one of its comments. */
export interface LikeState {
  liked: boolean;
  count: number;
}

export function likeStateOf(post: Announcement, commentId?: number): LikeState | undefined {
  if (commentId === undefined) return { liked: post.liked_by_me === true, count: post.likes_count ?? 0 };
  const comment = post.comments?.find((candidate) => candidate.id === commentId);
  return comment && { liked: comment.liked_by_me === true, count: comment.likes_count };
}

const changeComment = (post: Announcement, commentId: number, change: (comment: Comment) => Comment): Announcement => {
  let changed = false;
  const comments = post.comments?.map((comment) => {
    if (comment.id !== commentId) return comment;
    const next = change(comment);
    if (next !== comment) changed = true;
    return next;
  });
  return changed ? { ...post, comments } : post;
};

/** Sets a like's state (the optimistic guess, the server's answer, or the state before a failure). */
export function setLikeState(queryClient: QueryClient, announcementId: number, commentId: number | undefined, { liked, count }: LikeState): void {
  updateCachedPost(queryClient, announcementId, (post) => {
    if (commentId === undefined) {
      return post.liked_by_me === liked && post.likes_count === count ? post : { ...post, liked_by_me: liked, likes_count: count };
    }
    return changeComment(post, commentId, (comment) =>
      comment.liked_by_me === liked && comment.likes_count === count ? comment : { ...comment, liked_by_me: liked, likes_count: count },
    );
  });
}

/** A comment the server stored: added to its post once (a second copy is not added), with the server's count. */
export function addCachedComment(queryClient: QueryClient, comment: Comment, commentsCount: number): void {
  updateCachedPost(queryClient, comment.announcement_id, (post) => {
    const listed = post.comments ?? [];
    if (listed.some((candidate) => candidate.id === comment.id)) return post.comments_count === commentsCount ? post : { ...post, comments_count: commentsCount };
    return { ...post, comments: [...listed, comment], comments_count: commentsCount };
  });
}

/** A deleted comment leaves its post; `commentsCount` is the server's count when it sent one. */
export function removeCachedComment(queryClient: QueryClient, announcementId: number, commentId: number, commentsCount?: number): void {
  updateCachedPost(queryClient, announcementId, (post) => {
    const listed = post.comments ?? [];
    const comments = listed.filter((comment) => comment.id !== commentId);
    const count = commentsCount ?? Math.max(0, commentsCountOf(post) - (listed.length - comments.length));
    if (comments.length === listed.length && count === commentsCountOf(post)) return post;
    return { ...post, comments, comments_count: count };
  });
}

/**
 * Another reader's change (the broadcast's `feed_counts`): the server's counts replace those shown; a
 * deleted comment leaves the post; an event whose counts are those shown changes nothing. The user's
 * own like state (`liked_by_me`) is theirs and stays.
 */
export function applyFeedCounts(queryClient: QueryClient, counts: FeedCounts): void {
  const { announcementId, likesCount, commentsCount, commentId, commentLikesCount, commentDeleted } = counts;
  updateCachedPost(queryClient, announcementId, (post) => {
    let next = post;
    if (commentId !== undefined && commentDeleted) {
      const comments = post.comments?.filter((comment) => comment.id !== commentId);
      if (comments && comments.length !== post.comments?.length) next = { ...next, comments };
    } else if (commentId !== undefined && commentLikesCount !== undefined) {
      next = changeComment(next, commentId, (comment) => (comment.likes_count === commentLikesCount ? comment : { ...comment, likes_count: commentLikesCount }));
    }
    if (next.likes_count !== likesCount || commentsCountOf(next) !== commentsCount) next = { ...next, likes_count: likesCount, comments_count: commentsCount };
    return next;
  });
}

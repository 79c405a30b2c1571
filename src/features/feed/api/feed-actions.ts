// What a reader does to the feed (issue 37; openapi/paths/feed.yaml, all x-inferred): like or unlike a
// post or a comment, write a comment, delete one's own. Loaded on the first tap, not with Home.
//
// A like is optimistic: the button and the count change at once, the server's answer then sets both
// (its count is the truth), and a failure puts back what the server last confirmed and says so as
// SPEC §8 does (the server's error_message under "Error", or "Sorry, something went wrong. Please try
// again later."). Taps on one item are sent in order (each sets the like to a value, so the last one
// wins), and only the last tap's answer or failure is shown.
import type { QueryClient } from '@tanstack/react-query';
import {
  addFeedCommentMutation,
  deleteFeedCommentMutation,
  setAnnouncementLikeMutation,
  setFeedCommentLikeMutation,
} from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { Comment } from '../../../../generated/http/types.gen.ts';
import { ApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/call-mutation.ts';
import { describeError } from '../../../api/errors.ts';
import { handleFailure } from '../../../shared/errors/handle-failure.ts';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { addCachedComment, cachedPost, likeStateOf, removeCachedComment, setLikeState, type LikeState } from './feed-cache.ts';

interface PendingLike {
  /** The state the server last confirmed: what a failure puts back. */
  confirmed: LikeState;
  /** The tap whose answer counts (each tap takes the next number). */
  latest: number;
  /** The requests so far, chained so they reach the server in order. */
  chain: Promise<unknown>;
}

const pendingLikes = new Map<string, PendingLike>();

export interface LikeTarget {
  announcementId: number;
  /** A comment of the post; the post itself when absent. */
  commentId?: number;
}

/**
 * Sets the user's like on a post or a comment to `liked`: at once on screen, then as the server
 * answers. Rejects (after putting back the confirmed state) when the last tap failed, for the caller
 * to say so.
 */
export async function setLike(queryClient: QueryClient, target: LikeTarget, liked: boolean): Promise<void> {
  const { announcementId, commentId } = target;
  const post = cachedPost(queryClient, announcementId);
  const shown = post && likeStateOf(post, commentId);
  if (!shown) return;
  const key = `${announcementId}:${commentId ?? ''}`;
  const pending = pendingLikes.get(key) ?? { confirmed: shown, latest: 0, chain: Promise.resolve() };
  // Each item counts its own taps: only the last one's answer (or failure) decides what stays shown.
  const tap = ++pending.latest;
  pendingLikes.set(key, pending);
  if (shown.liked !== liked) setLikeState(queryClient, announcementId, commentId, { liked, count: Math.max(0, shown.count + (liked ? 1 : -1)) });

  const send = () =>
    commentId === undefined
      ? call(setAnnouncementLikeMutation())({ path: { announcement_id: announcementId }, body: { liked } })
      : call(setFeedCommentLikeMutation())({ path: { announcement_id: announcementId, comment_id: commentId }, body: { liked } });
  const request = pending.chain.then(send, send);
  pending.chain = request;
  try {
    const answer = await request;
    pending.confirmed = { liked: answer.liked, count: answer.likes_count };
    if (pending.latest === tap) setLikeState(queryClient, announcementId, commentId, pending.confirmed);
  } catch (error) {
    if (pending.latest !== tap) return;
    setLikeState(queryClient, announcementId, commentId, pending.confirmed);
    throw error;
  } finally {
    if (pending.latest === tap) pendingLikes.delete(key);
  }
}

/** Writes a comment (plain text, trimmed); shown under its post once the server has stored it. */
export async function addComment(queryClient: QueryClient, announcementId: number, text: string): Promise<Comment> {
  const answer = await call(addFeedCommentMutation())({ path: { announcement_id: announcementId }, body: { comment: text.trim() } });
  addCachedComment(queryClient, answer.comment, answer.comments_count);
  return answer.comment;
}

/** Deletes one of the user's comments (the server refuses anyone else's); it leaves its post once done. */
export async function deleteComment(queryClient: QueryClient, announcementId: number, commentId: number): Promise<void> {
  const answer = await call(deleteFeedCommentMutation())({ path: { announcement_id: announcementId, comment_id: commentId } });
  removeCachedComment(queryClient, announcementId, commentId, answer.comments_count);
}

type Navigate = (path: string) => void;

/** SPEC §8 for a failed call: the catalogue's alert, then where it sends the user (an HTTP 401 has logged out already). */
async function say(error: unknown, navigate: Navigate): Promise<void> {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 401) return;
  await handleFailure(describeError('general', error), { navigate });
}

/** setLike, and a failure said to the user. */
export async function setLikeOrSay(queryClient: QueryClient, target: LikeTarget, liked: boolean, navigate: Navigate): Promise<void> {
  try {
    await setLike(queryClient, target, liked);
  } catch (error) {
    await say(error, navigate);
  }
}

/** addComment; true once stored, false when it failed (and was said). */
export async function addCommentOrSay(queryClient: QueryClient, announcementId: number, text: string, navigate: Navigate): Promise<boolean> {
  try {
    await addComment(queryClient, announcementId, text);
    return true;
  } catch (error) {
    await say(error, navigate);
    return false;
  }
}

/** Asks "Delete your comment?" first; deletes it when confirmed, and says a failure. */
export async function confirmAndDeleteComment(queryClient: QueryClient, announcementId: number, commentId: number, navigate: Navigate): Promise<void> {
  const confirmed = await showConfirm({
    headerKey: 'feed.deleteCommentTitle',
    message: { key: 'feed.deleteCommentConfirm' },
    buttonKey: 'feed.delete',
    cancelKey: 'feed.cancel',
    danger: true,
  });
  if (!confirmed) return;
  try {
    await deleteComment(queryClient, announcementId, commentId);
  } catch (error) {
    await say(error, navigate);
  }
}

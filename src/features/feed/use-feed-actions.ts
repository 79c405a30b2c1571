// What the feed's buttons do (issue 37), for the posts of a list: the calls, the cache updates, the
// delete's confirmation and the failure's message (SPEC §8: the server's error_message under "Error",
// else the default message) are code loaded on the first tap (api/feed-actions.ts), not with Home.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { LikeTarget } from './api/feed-actions.ts';

const loadActions = () => import('./api/feed-actions.ts');

export interface FeedActions {
  /** Likes (or unlikes) at once on screen; a failure puts the like back and says so. */
  setLike(target: LikeTarget, liked: boolean): void;
  /** Resolves true once the comment is stored, false when it failed (said to the user). */
  addComment(announcementId: number, text: string): Promise<boolean>;
  /** Asks first; deletes the user's own comment. */
  deleteComment(announcementId: number, commentId: number): void;
}

export function useFeedActions(): FeedActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo<FeedActions>(() => {
    const go = (path: string) => void navigate(path);
    return {
      setLike(target, liked) {
        void loadActions().then((actions) => actions.setLikeOrSay(queryClient, target, liked, go));
      },
      async addComment(announcementId, text) {
        return (await loadActions()).addCommentOrSay(queryClient, announcementId, text, go);
      },
      deleteComment(announcementId, commentId) {
        void loadActions().then((actions) => actions.confirmAndDeleteComment(queryClient, announcementId, commentId, go));
      },
    };
  }, [queryClient, navigate]);
}

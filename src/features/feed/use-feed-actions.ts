// What the feed's buttons do (issue 37), for the posts of a list: the calls and the cache updates are
// code loaded on the first tap (api/feed-actions.ts); a failure is told as SPEC §8 says
// (useFailureHandler: the server's error_message under "Error", else the default message).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { showConfirm } from '../../shared/ui/alert-host.tsx';
import { useFailureHandler } from '../../shared/errors/use-failure-handler.ts';
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
  const fail = useFailureHandler();
  return useMemo<FeedActions>(
    () => ({
      setLike(target, liked) {
        loadActions()
          .then((actions) => actions.setLike(queryClient, target, liked))
          .catch(fail);
      },
      async addComment(announcementId, text) {
        try {
          await (await loadActions()).addComment(queryClient, announcementId, text);
          return true;
        } catch (error) {
          await fail(error);
          return false;
        }
      },
      deleteComment(announcementId, commentId) {
        void (async () => {
          const confirmed = await showConfirm({
            headerKey: 'feed.deleteCommentTitle',
            message: { key: 'feed.deleteCommentConfirm' },
            buttonKey: 'feed.delete',
            cancelKey: 'feed.cancel',
            danger: true,
          });
          if (!confirmed) return;
          try {
            await (await loadActions()).deleteComment(queryClient, announcementId, commentId);
          } catch (error) {
            await fail(error);
          }
        })();
      },
    }),
    [queryClient, fail],
  );
}

// One feed post (issue 37): the announcement's card with the post's like toggle and its count, each
// comment's like toggle (and, on the user's own comments, a delete button), and the comment composer
// under the comments. What a tap does (the calls, the optimistic change, the failure's message) is
// code loaded on the first tap (use-feed-actions.ts); the composer's code comes after the first content.
import { memo } from 'react';
import type { Announcement, Comment } from './api/feed.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { DeleteIcon, LikeIcon } from '../../shared/ui/icons.tsx';
import { useLikeCountText } from '../../shared/ui/likes/like-count.ts';
import { PostCard } from '../../shared/ui/posts/post-card.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { useAfterFirstContent } from '../../shared/scheduling/after-first-content.ts';
import type { FeedActions } from './use-feed-actions.ts';
import styles from './feed.module.css';

// Not part of the feed's first paint: a placeholder of its height holds its place until it arrives.
const CommentComposer = lazyComponent(() => import('./comment-composer.tsx').then((module) => ({ default: module.CommentComposer })));

/** The latest comments a post shows; "Show earlier comments" shows this many more each time. */
export const COMMENTS_PAGE = 3;

function LikeToggle({ liked, label, onToggle }: { liked: boolean; label: string; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.likeToggle} aria-pressed={liked} aria-label={label} onClick={onToggle}>
      <LikeIcon size={16} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
      {t('feed.like')}
    </button>
  );
}

/** The composer once the first content has shown (its code is not part of it); its height held until then. */
function ComposerSlot({ announcementId, send }: { announcementId: number; send: FeedActions['addComment'] }) {
  const ready = useAfterFirstContent();
  const placeholder = <div className={styles.composerPlaceholder} />;
  if (!ready) return placeholder;
  return (
    <DeferredBoundary name="the comment composer" fallback={placeholder}>
      <CommentComposer announcementId={announcementId} send={send} />
    </DeferredBoundary>
  );
}

export interface FeedPostProps {
  announcement: Announcement;
  /** The signed-in user: their comments carry a delete button. */
  currentUserId: number | undefined;
  onOpenLikes(announcement: Announcement, comment: Comment): void;
  actions: FeedActions;
}

/**
 * Rendered again only when its announcement changes: when the network confirms the stored first page
 * (or a refresh or a live event brings the same counts), the answer keeps the same objects and no post
 * renders again (on a phone that re-render was a 60 ms task right after Home's first paint).
 */
export const FeedPost = memo(function FeedPost({ announcement, currentUserId, onOpenLikes, actions }: FeedPostProps) {
  const { t } = useTranslation();
  const countText = useLikeCountText();
  const liked = announcement.liked_by_me === true;
  const postId = announcement.id;
  return (
    <PostCard
      title={announcement.title}
      author={announcement.user}
      createdAt={announcement.created_at}
      html={announcement.content}
      comments={announcement.comments ?? []}
      commentsCount={announcement.comments_count}
      commentsPage={COMMENTS_PAGE}
      onOpenLikes={(comment) => onOpenLikes(announcement, comment)}
      postActions={
        <>
          <LikeToggle liked={liked} label={t('feed.likePost')} onToggle={() => actions.setLike({ announcementId: postId }, !liked)} />
          <span className={styles.likeCount}>{countText(announcement.likes_count ?? 0)}</span>
        </>
      }
      commentActions={(comment) => (
        <>
          <LikeToggle
            liked={comment.liked_by_me === true}
            label={t('feed.likeComment')}
            onToggle={() => actions.setLike({ announcementId: postId, commentId: comment.id }, comment.liked_by_me !== true)}
          />
          {currentUserId !== undefined && comment.user?.id === currentUserId ? (
            <button type="button" className={styles.deleteButton} aria-label={t('feed.deleteComment')} onClick={() => actions.deleteComment(postId, comment.id)}>
              <DeleteIcon size={16} aria-hidden="true" />
              {t('feed.delete')}
            </button>
          ) : null}
        </>
      )}
      footer={<ComposerSlot announcementId={postId} send={actions.addComment} />}
    />
  );
});

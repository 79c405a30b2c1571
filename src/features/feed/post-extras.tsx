// What a reader does to a feed post (issue 37), loaded after the feed's first content (feed-post.tsx):
// the like toggle of the post and of each comment (aria-pressed), the delete button on the user's own
// comments, and the comment composer. What a tap then does is code loaded on the tap (use-feed-actions.ts).
import type { Comment } from './api/feed.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { DeleteIcon, ReactionLikeIcon } from '../../shared/ui/icons.tsx';
import { CommentComposer } from './comment-composer.tsx';
import type { FeedActions } from './use-feed-actions.ts';
import styles from './feed.module.css';

function LikeToggle({ liked, label, onToggle }: { liked: boolean; label: string; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.likeToggle} aria-pressed={liked} aria-label={label} onClick={onToggle}>
      {/* A thumb, not the heart of the likes count beside it (SPEC §2's modal): the action, not the count. */}
      <ReactionLikeIcon size={16} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
      {t('feed.like')}
    </button>
  );
}

export type PostExtraProps =
  | { part: 'post-like'; announcementId: number; liked: boolean; actions: FeedActions }
  | { part: 'comment'; announcementId: number; comment: Comment; own: boolean; actions: FeedActions }
  | { part: 'composer'; announcementId: number; actions: FeedActions };

export function PostExtra(props: PostExtraProps) {
  const { t } = useTranslation();
  const { announcementId, actions } = props;
  switch (props.part) {
    case 'post-like':
      return <LikeToggle liked={props.liked} label={t('feed.likePost')} onToggle={() => actions.setLike({ announcementId }, !props.liked)} />;
    case 'comment': {
      const { comment, own } = props;
      const liked = comment.liked_by_me === true;
      return (
        <>
          <LikeToggle liked={liked} label={t('feed.likeComment')} onToggle={() => actions.setLike({ announcementId, commentId: comment.id }, !liked)} />
          {own ? (
            <button type="button" className={styles.deleteButton} aria-label={t('feed.deleteComment')} onClick={() => actions.deleteComment(announcementId, comment.id)}>
              <DeleteIcon size={16} aria-hidden="true" />
              {t('feed.delete')}
            </button>
          ) : null}
        </>
      );
    }
    case 'composer':
      return <CommentComposer announcementId={announcementId} send={actions.addComment} />;
  }
}

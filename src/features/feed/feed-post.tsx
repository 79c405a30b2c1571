// One feed post (issue 37): the announcement's card with the post's like count, and, once the feed's
// first content has shown (their code is not part of it: post-extras.tsx), the post's like toggle,
// each comment's like toggle (and, on the user's own comments, a delete button) and the comment
// composer under the comments. What a tap does is code loaded on the first tap (use-feed-actions.ts).
import { memo, type ReactNode } from 'react';
import type { Announcement, Comment } from './api/feed.ts';
import { useLikeCountText } from '../../shared/ui/likes/like-count.ts';
import { PostCard } from '../../shared/ui/posts/post-card.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { useAfterFirstContent } from '../../shared/scheduling/after-first-content.ts';
import type { PostExtraProps } from './post-extras.tsx';
import type { FeedActions } from './use-feed-actions.ts';
import styles from './feed.module.css';

const PostExtraCode = lazyComponent(() => import('./post-extras.tsx').then((module) => ({ default: module.PostExtra })));

/** The latest comments a post shows; "Show earlier comments" shows this many more each time. */
export const COMMENTS_PAGE = 3;

/** A part of post-extras.tsx once the first content has shown; `placeholder` holds its place until then. */
function Extra({ placeholder = null, ...props }: PostExtraProps & { placeholder?: ReactNode }) {
  const ready = useAfterFirstContent();
  if (!ready) return placeholder;
  return (
    <DeferredBoundary name="a post's likes and comments" fallback={placeholder}>
      <PostExtraCode {...props} />
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
  const countText = useLikeCountText();
  const id = announcement.id;
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
          <Extra part="post-like" announcementId={id} liked={announcement.liked_by_me === true} actions={actions} />
          <span className={styles.likeCount}>{countText(announcement.likes_count ?? 0)}</span>
        </>
      }
      commentActions={(comment) => (
        <Extra part="comment" announcementId={id} comment={comment} own={currentUserId !== undefined && comment.user?.id === currentUserId} actions={actions} />
      )}
      footer={<Extra part="composer" announcementId={id} actions={actions} placeholder={<div className={styles.composerPlaceholder} />} />}
    />
  );
});

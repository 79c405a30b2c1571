// One post of a list (a feed announcement, a forum thread), as its own card: the author's picture, name
// and time, the title, the rich content through the safe-html component only, the comment count, and
// the comments, each with a button showing its like count that opens the likes modal. A list may add
// (issue 37, the feed) the post's like toggle, actions under each comment, a part under the comments
// (the composer), and show only the latest comments with a button for the earlier ones.
import { useId, useState, type ReactNode } from 'react';
import type { FeedAuthor } from '../../../api/models.ts';
import { displayText } from '../../format/display-text.ts';
import { formatDateTime, parseDate } from '../../format/formatters.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { SafeHtml } from '../../safe-html/safe-html.tsx';
import { Avatar, fullName } from '../avatar.tsx';
import { CommentIcon, LikeIcon } from '../icons.tsx';
import { useLikeCountText } from '../likes/like-count.ts';
import styles from './post-card.module.css';

/** What a feed comment and a forum comment have in common (the contract's Comment and ForumComment). */
export interface PostComment {
  id: number;
  comment?: string | null;
  user?: FeedAuthor;
  created_at?: string | null;
  likes_count: number;
}

export interface PostCardProps<C extends PostComment> {
  title?: string | null;
  author?: FeedAuthor;
  createdAt?: string | null;
  /** Server HTML; never rendered except through SafeHtml. */
  html?: string | null;
  comments: readonly C[];
  onOpenLikes(comment: C): void;
  /** The post's comment count when the server counts more than it listed. */
  commentsCount?: number;
  /** Beside the comment count: the post's like toggle. */
  postActions?: ReactNode;
  /** After a comment's like count: its like toggle, its delete button. */
  commentActions?(comment: C): ReactNode;
  /** Under the comments: the comment composer. */
  footer?: ReactNode;
  /** Shows only the latest this many comments, with a button that shows earlier ones (as many again each time). */
  commentsPage?: number;
}

/** Pages of a list can overlap when new posts arrive: each post keeps its first place only (one without an id is kept). */
export function uniqueById<T extends { id?: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (item.id === undefined) return true;
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

function DateText({ iso }: { iso?: string | null }) {
  const { i18n } = useTranslation();
  if (!iso) return null;
  const date = parseDate(iso);
  if (!date) return null;
  const text = formatDateTime(date, i18n.language);
  return <time dateTime={iso}>{text}</time>;
}

export function PostCard<C extends PostComment>({
  title: writtenTitle,
  author,
  createdAt,
  html,
  comments: allComments,
  onOpenLikes,
  commentsCount,
  postActions,
  commentActions,
  footer,
  commentsPage,
}: PostCardProps<C>) {
  const { t } = useTranslation();
  const [shownCount, setShownCount] = useState(commentsPage ?? Infinity);
  const earlier = Math.max(0, allComments.length - shownCount);
  const comments = earlier > 0 ? allComments.slice(earlier) : allComments;
  const title = displayText(writtenTitle);
  const countText = useLikeCountText();
  const titleId = useId();
  const authorName = fullName(author?.first_name, author?.last_name);

  return (
    <article className={styles.post} aria-labelledby={title ? titleId : undefined}>
      <header className={styles.header}>
        <Avatar src={author?.signed_profile_picture_url} firstName={author?.first_name} lastName={author?.last_name} />
        <p className={styles.byline}>
          {authorName ? (
            <span className={styles.author} title={authorName}>
              {authorName}
            </span>
          ) : null}
          <DateText iso={createdAt} />
        </p>
      </header>
      {title ? (
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
      ) : null}
      {html ? <SafeHtml html={html} className={styles.content} /> : null}
      <div className={styles.stats}>
        {postActions}
        <p className={postActions ? `${styles.commentCount} ${styles.end}` : styles.commentCount}>
          <CommentIcon size={18} aria-hidden="true" />
          <span data-testid="comment-count">{commentsCount ?? allComments.length}</span>
          <span className={styles.visuallyHidden}>{t('feed.comments')}</span>
        </p>
      </div>
      <div className={styles.comments}>
        {earlier > 0 && commentsPage ? (
          <button type="button" className={styles.earlierButton} onClick={() => setShownCount((count) => count + commentsPage)}>
            {t('feed.earlierComments', { count: earlier })}
          </button>
        ) : null}
        {comments.length === 0 ? (
          <p className={styles.noComments}>{t('feed.noComments')}</p>
        ) : (
          <ul className={styles.commentList} aria-label={t('feed.comments')}>
            {comments.map((comment) => {
              const name = fullName(comment.user?.first_name, comment.user?.last_name);
              return (
                <li key={comment.id} className={styles.comment}>
                  <Avatar src={comment.user?.signed_profile_picture_url} firstName={comment.user?.first_name} lastName={comment.user?.last_name} size="s" decorative />
                  <div className={styles.commentBody}>
                    <div className={styles.bubble}>
                      <p className={styles.commentByline}>
                        {name ? <span className={styles.author}>{name}</span> : null}
                        <DateText iso={comment.created_at} />
                      </p>
                      {comment.comment ? <p className={styles.commentText}>{comment.comment}</p> : null}
                    </div>
                    <div className={styles.commentActions}>
                      {commentActions?.(comment)}
                      <button type="button" className={styles.likeButton} aria-haspopup="dialog" onClick={() => onOpenLikes(comment)}>
                        <LikeIcon size={16} aria-hidden="true" />
                        {countText(comment.likes_count)}
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {footer}
    </article>
  );
}

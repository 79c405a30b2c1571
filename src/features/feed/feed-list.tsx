// One feed segment: its announcements page by page, each with its comments and their like counts.
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { markFirstContentShown } from '../../shared/scheduling/after-first-content.ts';
import { PagedList } from '../../shared/ui/paged-list/paged-list.tsx';
import { PostCard, uniqueById } from '../../shared/ui/posts/post-card.tsx';
import { useFeed, type Announcement, type Comment, type FeedSegment } from './api/feed.ts';
import styles from './feed.module.css';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';

// Loaded when a like count is tapped: not part of the feed's first paint.
const CommentLikesModal = lazyComponent(() => import('./comment-likes-modal.tsx').then((module) => ({ default: module.CommentLikesModal })));

type OpenLikes = (announcement: Announcement, comment: Comment) => void;

/**
 * One post, rendered again only when its announcement changes: when the network confirms the stored
 * first page (or a refresh brings the same posts), the answer keeps the same objects and no post renders
 * again (on a phone that re-render was a 60 ms task right after Home's first paint).
 */
const FeedPost = memo(function FeedPost({ announcement, onOpenLikes }: { announcement: Announcement; onOpenLikes: OpenLikes }) {
  return (
    <PostCard
      title={announcement.title}
      author={announcement.user}
      createdAt={announcement.created_at}
      html={announcement.content}
      comments={announcement.comments ?? []}
      onOpenLikes={(comment) => onOpenLikes(announcement, comment)}
    />
  );
});

export function FeedList({ segment }: { segment: FeedSegment }) {
  const { t } = useTranslation();
  const query = useFeed(segment);
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);
  const announcements = uniqueById(query.data?.pages.flatMap((page) => page.data ?? []) ?? []);
  const [opened, setOpened] = useState<{ announcement: Announcement; comment: Comment } | null>(null);
  const openLikes = useCallback<OpenLikes>((announcement, comment) => setOpened({ announcement, comment }), [setOpened]);

  return (
    <>
      <PagedList query={query} itemCount={announcements.length} emptyText={t('feed.empty')}>
        <ul className={styles.posts}>
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <FeedPost announcement={announcement} onOpenLikes={openLikes} />
            </li>
          ))}
        </ul>
      </PagedList>
      {opened && (
        <DeferredBoundary name="a post's likes">
          <CommentLikesModal announcement={opened.announcement} comment={opened.comment} onClose={() => setOpened(null)} />
        </DeferredBoundary>
      )}
    </>
  );
}

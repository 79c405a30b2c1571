// One feed segment: its announcements page by page, each with its comments and their like counts, a
// like toggle on the post and on each comment, and a comment composer (issue 37, feed-post.tsx).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { markFirstContentShown } from '../../shared/scheduling/after-first-content.ts';
import { PagedList } from '../../shared/ui/paged-list/paged-list.tsx';
import { uniqueById } from '../../shared/ui/posts/post-card.tsx';
import { useFeed, type Announcement, type Comment, type FeedSegment } from './api/feed.ts';
import { currentUserId } from './api/feed-snapshot.ts';
import { FeedPost } from './feed-post.tsx';
import { useFeedActions } from './use-feed-actions.ts';
import styles from './feed.module.css';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';

// Loaded when a like count is tapped: not part of the feed's first paint.
const CommentLikesModal = lazyComponent(() => import('./comment-likes-modal.tsx').then((module) => ({ default: module.CommentLikesModal })));

type OpenLikes = (announcement: Announcement, comment: Comment) => void;

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
  const actions = useFeedActions();
  const [userId] = useState(currentUserId);

  return (
    <>
      <PagedList query={query} itemCount={announcements.length} emptyText={t('feed.empty')}>
        <ul className={styles.posts}>
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <FeedPost announcement={announcement} currentUserId={userId} onOpenLikes={openLikes} actions={actions} />
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

// The forum (the feed's Forum segment): threads page by page, each with its comments and their like
// counts; a like count opens the forum comment likes modal.
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { PagedList } from '../../shared/ui/paged-list/paged-list.tsx';
import { PostCard, uniqueById } from '../../shared/ui/posts/post-card.tsx';
import { useForumThreads, type ForumComment } from './api.ts';
import styles from './forum.module.css';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';

// Loaded when a like count is tapped.
const ForumCommentLikesModal = lazyComponent(() =>
  import('./forum-comment-likes-modal.tsx').then((module) => ({ default: module.ForumCommentLikesModal })),
);

export function ForumList() {
  const { t } = useTranslation();
  const query = useForumThreads();
  const threads = uniqueById(query.data?.pages.flatMap((page) => page.data ?? []) ?? []);
  const [opened, setOpened] = useState<ForumComment | null>(null);

  return (
    <>
      <PagedList query={query} itemCount={threads.length} emptyText={t('feed.forumEmpty')}>
        <ul className={styles.threads}>
          {/* A thread without an id (inferred, so optional) is shown, keyed by its place in the list. */}
          {threads.map((thread, place) => (
            <li key={thread.id ?? `place-${place}`}>
              <PostCard
                title={thread.title}
                author={thread.user}
                createdAt={thread.created_at}
                html={thread.content}
                comments={thread.comments ?? []}
                onOpenLikes={setOpened}
              />
            </li>
          ))}
        </ul>
      </PagedList>
      {opened && (
        <DeferredBoundary name="a comment's likes">
          <ForumCommentLikesModal comment={opened} onClose={() => setOpened(null)} />
        </DeferredBoundary>
      )}
    </>
  );
}

// The Home feed: segments Company-wide, Department, Company (announcements by group type) and Forum,
// as a tablist (src/shared/ui/segment-tabs.tsx). The forum is its own feature;
// the page that composes both hands its list in. The section applies the other readers' likes and
// comments (the app's 'feed:counts' event) to the cached feeds.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { subscribe } from '../../shared/events/app-events.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import type { FeedSegment } from './api/feed.ts';
import { FeedList } from './feed-list.tsx';
import { SegmentTabs } from '../../shared/ui/segment-tabs.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import styles from './feed.module.css';

type Segment = FeedSegment | 'forum';

const SEGMENTS: ReadonlyArray<{ id: Segment; labelKey: string }> = [
  { id: 'company_wide', labelKey: 'feed.companyWide' },
  { id: 'department', labelKey: 'feed.department' },
  { id: 'company', labelKey: 'feed.company' },
  { id: 'forum', labelKey: 'feed.forum' },
];

export function FeedSection({ forum }: { forum: ReactNode }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [selected, setSelected] = useState<Segment>('company_wide');
  const tabId = (segment: Segment) => `${baseId}-tab-${segment}`;
  const panelId = `${baseId}-panel`;
  const queryClient = useQueryClient();
  // Another reader's like or comment (the broadcast's feed_counts, issue 37) moves the counts of the
  // cached posts of every segment, without a refetch. The code that applies it loads with the first event.
  useEffect(
    () =>
      subscribe('feed:counts', (counts) => {
        void import('./api/feed-cache.ts').then(({ applyFeedCounts }) => applyFeedCounts(queryClient, counts));
      }),
    [queryClient],
  );

  return (
    <section aria-labelledby={`${baseId}-title`} className={styles.section}>
      <h2 id={`${baseId}-title`} className={styles.title}>
        {t('feed.title')}
      </h2>
      <SegmentTabs<Segment>
        segments={SEGMENTS.map((segment) => ({ id: segment.id, label: t(segment.labelKey) }))}
        selected={selected}
        onSelect={setSelected}
        tabId={tabId}
        panelId={() => panelId}
        labelledBy={`${baseId}-title`}
        className={styles.tabs}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className={styles.panel}>
        {/* The forum's code may still be on its way when its segment is chosen. */}
        <Suspense fallback={<Spinner />}>{selected === 'forum' ? forum : <FeedList key={selected} segment={selected} />}</Suspense>
      </div>
    </section>
  );
}

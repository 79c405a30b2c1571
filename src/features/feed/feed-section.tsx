// The Home feed: segments Company-wide, Department, Company (announcements by group type) and Forum,
// as an ARIA tablist (arrow keys, Home and End move between segments). The forum is its own feature;
// the page that composes both hands its list in.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedSegment } from './api/feed.ts';
import { FeedList } from './feed-list.tsx';
import card from '../../shared/ui/card.module.css';
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
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (segment: Segment) => `${baseId}-tab-${segment}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = SEGMENTS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const segment = SEGMENTS[next];
    if (!segment) return;
    setSelected(segment.id);
    tabs.current[next]?.focus();
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className={card.card}>
      <h2 id={`${baseId}-title`} className={card.cardTitle}>
        {t('feed.title')}
      </h2>
      <div role="tablist" aria-labelledby={`${baseId}-title`} className={styles.tabs}>
        {SEGMENTS.map((segment, index) => {
          const active = segment.id === selected;
          return (
            <button
              key={segment.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(segment.id)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelected(segment.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {t(segment.labelKey)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className={styles.panel}>
        {selected === 'forum' ? forum : <FeedList key={selected} segment={selected} />}
      </div>
    </section>
  );
}

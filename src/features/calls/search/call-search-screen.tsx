// The Call tab (SPEC §2: /call and /video-call inside the tab shell): the user's recent calls, each with
// a call-back button (issue 23), and starting a call by finding someone (People, POST
// /video-call/search-employees) or a group (Groups, POST /video-call/search-groups). On a phone these are
// three segments, Recent first, as a phone's call log opens on its history; from 1024 px the recent calls
// stand beside the People / Groups search. The segments are a tablist (src/shared/ui/segment-tabs.tsx);
// all stay mounted so switching keeps each one's search and scroll.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { SegmentTabs } from '../../../shared/ui/segment-tabs.tsx';
import { useWideScreen } from '../../../shared/ui/wide-screen.ts';
import { GroupsPanel } from './groups-panel.tsx';
import { PeoplePanel } from './people-panel.tsx';
import { RecentCalls } from './recent-calls.tsx';
import styles from './call-search.module.css';

const SEGMENTS = [
  { id: 'recent', labelKey: 'calls.history.recent' },
  { id: 'people', labelKey: 'calls.search.people' },
  { id: 'groups', labelKey: 'calls.search.groups' },
] as const;
type Segment = (typeof SEGMENTS)[number]['id'];

/** The header title is the route's (routes.call or routes.video-call). */
const titleKeyOf = (pathname: string) => (pathname.replace(/\/+$/, '') === '/video-call' ? 'routes.video-call' : 'routes.call');

export function CallSearchScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const [chosen, setChosen] = useState<Segment>('recent');
  const baseId = useId();
  const tabId = (segment: Segment) => `${baseId}-${segment}-tab`;
  const panelId = (segment: Segment) => `${baseId}-${segment}-panel`;
  const recentScroller = useRef<HTMLDivElement>(null);
  // The form and the recent calls' first state (a skeleton at least) are the first content: the
  // realtime connection (which rings calls) need not wait for the list.
  useEffect(markFirstContentShown, []);

  // Wide: the recent calls have their own column, and the tabs are People and Groups.
  const segments = wide ? SEGMENTS.filter((segment) => segment.id !== 'recent') : SEGMENTS;
  const selected: Segment = wide && chosen === 'recent' ? 'people' : chosen;
  const recent = <RecentCalls scroller={recentScroller} />;

  const tabs = (
    <>
      <SegmentTabs<Segment>
        segments={segments.map((segment) => ({ id: segment.id, label: t(segment.labelKey) }))}
        selected={selected}
        onSelect={setChosen}
        tabId={tabId}
        panelId={panelId}
        label={t('calls.search.segments')}
        className={styles.tabs}
      />
      {segments.map((segment) => (
        <div
          key={segment.id}
          ref={segment.id === 'recent' ? recentScroller : undefined}
          role="tabpanel"
          id={panelId(segment.id)}
          aria-labelledby={tabId(segment.id)}
          hidden={segment.id !== selected}
          className={styles.panel}
        >
          <div className={styles.panelBody}>{segment.id === 'recent' ? recent : segment.id === 'people' ? <PeoplePanel /> : <GroupsPanel />}</div>
        </div>
      ))}
    </>
  );

  return (
    <section className={styles.screen} aria-labelledby={`${baseId}-title`}>
      <ScreenHeader title={t(titleKeyOf(pathname))} titleId={`${baseId}-title`} />
      {wide ? (
        <div className={styles.columns}>
          <section className={styles.historyColumn} aria-labelledby={`${baseId}-recent-title`}>
            <h2 id={`${baseId}-recent-title`} className={styles.columnTitle}>
              {t('calls.history.title')}
            </h2>
            <div ref={recentScroller} className={styles.panel}>
              {recent}
            </div>
          </section>
          <div className={styles.searchColumn}>{tabs}</div>
        </div>
      ) : (
        tabs
      )}
    </section>
  );
}

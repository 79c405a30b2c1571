// The Call tab (SPEC §2: /call and /video-call inside the tab shell): start a video call by finding
// someone (People, POST /video-call/search-employees) or a group (Groups, POST /video-call/search-groups).
// The segments are a tablist (src/shared/ui/segment-tabs.tsx); both stay mounted so switching keeps each one's search.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { SegmentTabs } from '../../../shared/ui/segment-tabs.tsx';
import { GroupsPanel } from './groups-panel.tsx';
import { PeoplePanel } from './people-panel.tsx';
import styles from './call-search.module.css';

const SEGMENTS = [
  { id: 'people', labelKey: 'calls.search.people' },
  { id: 'groups', labelKey: 'calls.search.groups' },
] as const;
type Segment = (typeof SEGMENTS)[number]['id'];

/** The header title is the route's (routes.call or routes.video-call). */
const titleKeyOf = (pathname: string) => (pathname.replace(/\/+$/, '') === '/video-call' ? 'routes.video-call' : 'routes.call');

export function CallSearchScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [selected, setSelected] = useState<Segment>('people');
  const baseId = useId();
  const tabId = (segment: Segment) => `${baseId}-${segment}-tab`;
  const panelId = (segment: Segment) => `${baseId}-${segment}-panel`;
  // The form is the whole first content: the realtime connection (which rings calls) need not wait.
  useEffect(markFirstContentShown, []);

  return (
    <section className={styles.screen} aria-labelledby={`${baseId}-title`}>
      <ScreenHeader title={t(titleKeyOf(pathname))} titleId={`${baseId}-title`} />
      <SegmentTabs<Segment>
        segments={SEGMENTS.map((segment) => ({ id: segment.id, label: t(segment.labelKey) }))}
        selected={selected}
        onSelect={setSelected}
        tabId={tabId}
        panelId={panelId}
        label={t('calls.search.segments')}
        className={styles.tabs}
      />
      {SEGMENTS.map((segment) => (
        <div key={segment.id} role="tabpanel" id={panelId(segment.id)} aria-labelledby={tabId(segment.id)} hidden={segment.id !== selected} className={styles.panel}>
          <div className={styles.panelBody}>{segment.id === 'people' ? <PeoplePanel /> : <GroupsPanel />}</div>
        </div>
      ))}
    </section>
  );
}

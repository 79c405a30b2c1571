// The Call tab (SPEC §2: /call and /video-call inside the tab shell): start a video call by finding
// someone (People, POST /video-call/search-employees) or a group (Groups, POST /video-call/search-groups).
// The segments are an ARIA tablist; both stay mounted so switching keeps each one's search.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
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
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (segment: Segment) => `${baseId}-${segment}-tab`;
  // The form is the whole first content: the realtime connection (which rings calls) need not wait.
  useEffect(markFirstContentShown, []);
  const panelId = (segment: Segment) => `${baseId}-${segment}-panel`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = SEGMENTS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    const segment = next === null ? undefined : SEGMENTS[next];
    if (!segment || next === null) return;
    event.preventDefault();
    setSelected(segment.id);
    tabs.current[next]?.focus();
  };

  return (
    <section className={styles.screen} aria-labelledby={`${baseId}-title`}>
      <header className={styles.header}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {t(titleKeyOf(pathname))}
        </h1>
      </header>
      <div role="tablist" aria-label={t('calls.search.segments')} className={styles.tabs}>
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
              aria-controls={panelId(segment.id)}
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
      {SEGMENTS.map((segment) => (
        <div key={segment.id} role="tabpanel" id={panelId(segment.id)} aria-labelledby={tabId(segment.id)} hidden={segment.id !== selected} className={styles.panel}>
          {segment.id === 'people' ? <PeoplePanel /> : <GroupsPanel />}
        </div>
      ))}
    </section>
  );
}

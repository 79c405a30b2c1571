// Segments as an ARIA tablist (WAI-ARIA Tabs pattern, automatic activation): arrow keys move to the
// previous or next segment (wrapping), Home and End to the first and last; only the selected tab is in
// the tab order. The screen renders the panels, each `id={panelId(segment)}` and
// `aria-labelledby={tabId(segment)}`.
// The look: a segmented control (a track with the selected segment raised). Segments share the width
// and never shrink below their label: when the labels do not fit on one line (four segments in
// Indonesian on a phone) the track takes a second row, so no label is ever cut off or out of view.
import { useRef, type KeyboardEvent } from 'react';
import styles from './segment-tabs.module.css';

export interface SegmentTab<T extends string> {
  id: T;
  label: string;
}

export interface SegmentTabsProps<T extends string> {
  segments: ReadonlyArray<SegmentTab<T>>;
  selected: T;
  onSelect(id: T): void;
  tabId(id: T): string;
  panelId(id: T): string;
  /** The tablist's name: its own label, or the id of a heading that names it. */
  label?: string;
  labelledBy?: string;
  /** Layout of the list (margins); the tabs share one look. */
  className?: string | undefined;
}

function keyTarget(key: string, index: number, last: number): number | undefined {
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

export function SegmentTabs<T extends string>({ segments, selected, onSelect, tabId, panelId, label, labelledBy, className }: SegmentTabsProps<T>) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = keyTarget(event.key, index, segments.length - 1);
    const segment = next === undefined ? undefined : segments[next];
    if (next === undefined || !segment) return;
    event.preventDefault();
    onSelect(segment.id);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className ? `${styles.tabs} ${className}` : styles.tabs}
    >
      {segments.map((segment, index) => {
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
            onClick={() => onSelect(segment.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}

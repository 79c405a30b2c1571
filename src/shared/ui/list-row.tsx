// A row of a list (a chat, a person, a notification, a setting): something at the start (an avatar or
// an icon), a title cut to one line with the whole of it in a tooltip, an optional second line, and
// something at the end (a time, a badge, a chevron). As a link or a button, the whole row is the target.
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './list-row.module.css';

export interface ListRowProps {
  title: ReactNode;
  /** The title as text, for the tooltip of a title cut short (defaults to the title when it is a string). */
  titleText?: string;
  subtitle?: ReactNode;
  start?: ReactNode;
  end?: ReactNode;
  /** A third line under the subtitle (a job title and company). */
  meta?: ReactNode;
  /** Emphasised (unread). */
  strong?: boolean;
  /** The row is a link to this place… */
  to?: To;
  /** …or a button. */
  onClick?(): void;
  /** The accessible name when the row is a control and its text is not enough. */
  label?: string;
  selected?: boolean;
  testId?: string;
}

export function ListRow({ title, titleText, subtitle, start, end, meta, strong = false, to, onClick, label, selected, testId }: ListRowProps) {
  const tooltip = titleText ?? (typeof title === 'string' ? title : undefined);
  const body = (
    <>
      {start && <span className={styles.start}>{start}</span>}
      <span className={styles.body}>
        <span className={strong ? `${styles.title} ${styles.strong}` : styles.title} title={tooltip}>
          {title}
        </span>
        {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
        {meta && <span className={styles.meta}>{meta}</span>}
      </span>
      {end && <span className={styles.end}>{end}</span>}
    </>
  );
  const className = [styles.row, to || onClick ? styles.interactive : '', selected ? styles.selected : ''].filter(Boolean).join(' ');
  if (to !== undefined) {
    return (
      <Link to={to} className={className} aria-label={label} aria-current={selected ? 'page' : undefined} data-testid={testId}>
        {body}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick} aria-label={label} data-testid={testId}>
        {body}
      </button>
    );
  }
  return (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  );
}

/** Rows as one card (a list of people, of results): each child an <li> holding a ListRow. */
export function ListGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.group} aria-label={label}>
      {children}
    </ul>
  );
}

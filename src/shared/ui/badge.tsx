// A count on a red disc (the Chat tab, the bell): shown only above zero, capped at "99+" (SPEC §2, §9).
// The number is visual; the control it sits on carries the count in its accessible name.
import styles from './badge.module.css';

export const BADGE_CAP = 99;

/** The text a count shows: nothing at zero or below, the count, or "99+". */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

export function CountBadge({ count, testId }: { count: number; testId?: string }) {
  const text = badgeLabel(count);
  if (!text) return null;
  return (
    <span className={styles.badge} data-testid={testId} aria-hidden="true">
      {text}
    </span>
  );
}

/** A small dot: something new, no count. */
export function DotBadge() {
  return <span className={styles.dot} aria-hidden="true" />;
}

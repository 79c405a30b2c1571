// Infinite scroll, the one way: an empty element after the list's last item, watched by
// IntersectionObserver; when it comes within `margin` of the visible area, the next page is asked for.
// A fresh observer is made whenever the sentinel becomes active again (after every page), so a sentinel
// still in view asks for the one after. Lists also show a "Load more" button: without
// IntersectionObserver nothing is watched.
import { useEffect, useRef, type RefObject } from 'react';
import styles from './infinite-scroll-sentinel.module.css';

export interface InfiniteScrollSentinelProps {
  /** Whether reaching the sentinel asks for more: there is a next page and none is loading or failed. */
  active: boolean;
  /** Asks for the next page. */
  onReach(): void;
  /** The scrolling element the list is in; the viewport when absent. */
  root?: RefObject<Element | null>;
  /** How close (CSS margin around the visible area) the sentinel must come; 200px above and below by default. */
  margin?: string;
  /** Watched afresh when this changes (e.g. the number of items), even while staying active. */
  resetKey?: unknown;
}

export function InfiniteScrollSentinel({ active, onReach, root, margin = '200px 0px', resetKey }: InfiniteScrollSentinelProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latestOnReach = useRef(onReach);
  useEffect(() => {
    latestOnReach.current = onReach;
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestOnReach.current();
      },
      { root: root?.current ?? null, rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, root, margin, resetKey]);
  return <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />;
}

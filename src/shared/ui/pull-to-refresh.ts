// Pull to refresh, the one gesture: a touch that starts where the list is scrolled to its top and is
// pulled down far enough (PULL_THRESHOLD) refreshes when let go. Every list with the gesture also has a
// Refresh button, for mouse and keyboard. What the pull shows is the list's: PullHint (pull-hint.tsx), or
// its own (the feed's status line).
import { useRef, useState, type TouchEvent } from 'react';

/** How far (px) a list must be pulled down before letting go refreshes it. */
export const PULL_THRESHOLD = 64;
/** The pull shown never goes further than this (px). */
export const PULL_MAX = 96;

export interface PullToRefreshOptions {
  /** Whether a touch starting now may pull: the list is at its top (and not refreshing already). */
  canStart(): boolean;
  onRefresh(): void;
}

export interface PullToRefresh {
  /** How far (px) the list is pulled now; 0 when it is not. */
  distance: number;
  /** Pulled far enough: letting go refreshes. */
  ready: boolean;
  /** For the element the gesture is made on. */
  handlers: {
    onTouchStart(event: TouchEvent): void;
    onTouchMove(event: TouchEvent): void;
    onTouchEnd(): void;
    onTouchCancel(): void;
  };
}

export function usePullToRefresh({ canStart, onRefresh }: PullToRefreshOptions): PullToRefresh {
  const start = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  const end = () => {
    if (start.current !== null && distance >= PULL_THRESHOLD) onRefresh();
    start.current = null;
    setDistance(0);
  };
  return {
    distance,
    ready: distance >= PULL_THRESHOLD,
    handlers: {
      onTouchStart: (event) => {
        start.current = canStart() ? (event.touches[0]?.clientY ?? null) : null;
      },
      onTouchMove: (event) => {
        const from = start.current;
        if (from !== null) setDistance(Math.max(0, Math.min(PULL_MAX, (event.touches[0]?.clientY ?? from) - from)));
      },
      onTouchEnd: end,
      onTouchCancel: end,
    },
  };
}

/** The text a pull shows: "Pull to refresh", then "Release to refresh" once letting go refreshes. */
export const pullTextKey = (ready: boolean) => (ready ? 'feed.releaseToRefresh' : 'feed.pullToRefresh');

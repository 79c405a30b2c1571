// Work that is not the screen's main content (badge counters, the permission list, the pop-up, the
// service worker) waits until the first screen has shown its content, so on a slow phone the network
// and the main thread serve that content first. The screen says when (Home: its first feed page has
// settled); a screen that does not say releases the work after a short fallback.
import { useEffect, useState } from 'react';

export const FIRST_CONTENT_FALLBACK_MS = 1500;

let shown = false;
const waiting = new Set<() => void>();

function release(): void {
  if (shown) return;
  shown = true;
  for (const task of [...waiting]) task();
  waiting.clear();
}

/** Called by a screen once its main content is on screen (or failed to load). */
export function markFirstContentShown(): void {
  // After the next frame: the content has been painted, not only rendered.
  requestAnimationFrame(() => setTimeout(release, 0));
}

/** Runs the task once the first content is shown (at once if it already was); returns a cancel. */
export function afterFirstContent(task: () => void): () => void {
  if (shown) {
    task();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    waiting.delete(run);
    clearTimeout(fallback);
    task();
  };
  waiting.add(run);
  const fallback = setTimeout(release, FIRST_CONTENT_FALLBACK_MS);
  return () => {
    done = true;
    waiting.delete(run);
    clearTimeout(fallback);
  };
}

/** True once the first content is shown: for components that start their own non-critical work. */
export function useAfterFirstContent(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => (ready ? undefined : afterFirstContent(() => setReady(true))), [ready]);
  return ready;
}

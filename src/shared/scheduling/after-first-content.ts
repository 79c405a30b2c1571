// Work that is not the screen's main content (badge counters, the permission list, the pop-up, the
// realtime connections, the service worker) waits until the first screen has shown its content, so on a
// slow phone the network and the main thread serve that content first. The screen says when (Home: its
// first feed page has settled); a screen that does not say releases the work after a short fallback.
//
// Released, the work still waits for the page's load to settle (the load event, then an idle moment), and
// then runs one task at a time, yielding to the browser between tasks, so that starting everything at
// once is not one long task that holds up a tap (Total Blocking Time): measured on Home, releasing it all
// in one go made a 90–150 ms task at a phone's CPU.
import { startTransition, useEffect, useState } from 'react';
import { yieldToMain } from './yield.ts';

export const FIRST_CONTENT_FALLBACK_MS = 1500;
/** The load event is waited for at most this long (a slow image must not hold the app's connections back). */
export const LOAD_WAIT_MAX_MS = 2000;
const IDLE_TIMEOUT_MS = 300;

function whenLoadSettled(then: () => void): void {
  let done = false;
  const idle = () => {
    if (done) return;
    done = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(then, 0);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') return idle();
  window.addEventListener('load', idle, { once: true });
  setTimeout(idle, LOAD_WAIT_MAX_MS);
}

/**
 * The page's first-content moment: where it is (waiting for the screen, settling the load, shown) and
 * the work waiting for it. A page load has one (`gate` below), however many screens and tasks ask.
 */
function createFirstContentGate() {
  let phase: 'waiting' | 'settling' | 'shown' = 'waiting';
  const waiting = new Set<() => void>();
  const first = () => waiting.values().next().value;

  async function drain(): Promise<void> {
    for (let task = first(); task; task = first()) {
      waiting.delete(task);
      task();
      await yieldToMain();
    }
    phase = 'shown';
  }

  function release(): void {
    if (phase !== 'waiting') return;
    phase = 'settling';
    whenLoadSettled(() => void drain());
  }

  return {
    shown: () => phase === 'shown',
    markShown(): void {
      // After the next frame: the content has been painted, not only rendered.
      requestAnimationFrame(() => setTimeout(release, 0));
    },
    after(task: () => void): () => void {
      if (phase === 'shown') {
        task();
        return () => undefined;
      }
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
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
    },
  };
}

const gate = createFirstContentGate();

/** Called by a screen once its main content is on screen (or failed to load). */
export function markFirstContentShown(): void {
  gate.markShown();
}

/** Runs the task once the first content is shown and the load has settled (at once if that is past); returns a cancel. */
export function afterFirstContent(task: () => void): () => void {
  return gate.after(task);
}

/**
 * True once the first content is shown: for components that start their own non-critical work. The
 * render that follows is a transition, which React splits into short tasks.
 */
export function useAfterFirstContent(): boolean {
  const [ready, setReady] = useState(gate.shown);
  useEffect(() => (ready ? undefined : afterFirstContent(() => startTransition(() => setReady(true)))), [ready]);
  return ready;
}

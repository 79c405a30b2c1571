// The live connections (src/features/realtime) while signed in: loaded once Home has shown its first
// content, so neither the socket libraries nor the realtime code weigh on the start. The connections
// themselves follow the session's polling control (started by the login flow, stopped by the logout
// flow, SPEC §4); this only loads them, and the "Live updates paused" notice with them.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import { loadDeferredUntilOnline } from '../shared/loading/retry-import.ts';
import { useSession } from '../shared/session/session-context.tsx';
import { useAfterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { navigateTo } from './navigation.tsx';

const LiveUpdatesNotice = lazyComponent(() =>
  import('../features/realtime/live-updates-notice.tsx').then((module) => ({ default: module.LiveUpdatesNotice })),
);

export function RealtimeEffects() {
  const { status, controller } = useSession();
  const queryClient = useQueryClient();
  const ready = useAfterFirstContent();
  const active = status === 'signed-in' && ready;

  useEffect(() => {
    if (!active) return;
    let teardown: (() => void) | undefined;
    // Code that could not load is tried again once the browser is back online (loadDeferredUntilOnline).
    const stopped = new AbortController();
    const cancelled = () => stopped.signal.aborted;
    // Messages left in the chat outbox (a closed tab, a reload while offline) go out now; the chat code
    // loads for that only when some are waiting.
    const currentUserId = () => controller.getState().userData?.user?.id;
    void loadDeferredUntilOnline(
      'the chat outbox',
      async () => {
        const { pendingOutboxCount } = await import('../features/chat/outbox/pending-count.ts');
        return (await pendingOutboxCount()) > 0 ? import('../features/chat/outbox/outbox-runner.ts') : null;
      },
      stopped.signal,
    ).then((module) => {
      if (module && !cancelled()) module.ensureOutbox({ queryClient, currentUserId });
    });
    // The call registry decides what each call event realtime hands over means (ringing opens the call's
    // screen); the two load in parallel, and an event that comes first waits for it (src/shared/calls).
    let stopCalls: (() => void) | undefined;
    void loadDeferredUntilOnline('the call registry', () => import('../features/calls/registry/registry-setup.ts'), stopped.signal).then((module) => {
      if (!module || cancelled()) return;
      stopCalls = module.setUpCallRegistry({ currentUserId, openPath: (path) => navigateTo(path, { replace: false }) });
    });
    void loadDeferredUntilOnline('the live connections', () => import('../features/realtime/realtime-setup.ts'), stopped.signal).then((module) => {
      if (!module || cancelled()) return;
      teardown = module.setUpRealtime({ currentUserId });
    });
    return () => {
      stopped.abort();
      teardown?.();
      stopCalls?.();
    };
  }, [active, controller, queryClient]);

  return active ? (
    <DeferredBoundary name="the live-updates notice">
      <LiveUpdatesNotice />
    </DeferredBoundary>
  ) : null;
}

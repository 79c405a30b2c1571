// Leaving a call screen (issue 12): while a call is up, the back button and closing the page ask
// first. The app uses a BrowserRouter, which cannot block navigation, so the screen keeps one extra
// history entry (same URL) while the call is up: back pops that entry, the screen asks, and either
// leaves (hanging up) or puts the entry back. `exit` leaves the screen, skipping that entry.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { goBackOr } from '../../../shared/routes/back-or.ts';

interface GuardState {
  idx?: number;
  callGuard?: boolean;
}

const historyState = (): GuardState => (window.history.state ?? {}) as GuardState;

export function useCallExit({ guard, confirmLeave, onLeave, fallback }: { guard: boolean; confirmLeave(): Promise<boolean>; onLeave(): void; fallback: string }) {
  const navigate = useNavigate();
  const guarded = useRef(false);
  const handlers = useRef({ confirmLeave, onLeave });
  useEffect(() => {
    handlers.current = { confirmLeave, onLeave };
  });

  const exit = useCallback(() => {
    const steps = guarded.current ? 2 : 1;
    guarded.current = false;
    goBackOr(navigate, fallback, steps);
  }, [fallback, navigate]);

  useEffect(() => {
    if (!guard) return;
    const pushGuard = () => {
      const state = historyState();
      window.history.pushState({ ...state, idx: (state.idx ?? 0) + 1, callGuard: true }, '');
      guarded.current = true;
    };
    if (!historyState().callGuard) pushGuard();
    else guarded.current = true;

    const onPopState = () => {
      if (!guarded.current || historyState().callGuard) return;
      guarded.current = false;
      void handlers.current.confirmLeave().then((leave) => {
        if (!leave) return pushGuard();
        handlers.current.onLeave();
        exit();
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [guard, exit]);

  return exit;
}

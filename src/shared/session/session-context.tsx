import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionController, SessionState } from './session-types.ts';

const SessionContext = createContext<SessionController | null>(null);

export function SessionProvider({ controller, children }: { controller: SessionController; children: ReactNode }) {
  return <SessionContext.Provider value={controller}>{children}</SessionContext.Provider>;
}

export function useSessionController(): SessionController {
  const controller = useContext(SessionContext);
  if (!controller) throw new Error('useSession outside SessionProvider');
  return controller;
}

export function useSession(): SessionState & { controller: SessionController } {
  const controller = useSessionController();
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  return { ...state, controller };
}

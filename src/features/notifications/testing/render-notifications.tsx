// Renders a notifications screen or control as the app does: real English texts, a QueryClient, a
// signed-in session (user 42), a router at /notification with every other path showing where the user
// went, and the app's alert host.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController, SessionState } from '../../../shared/session/session-types.ts';
import { AlertHost } from '../../../shared/ui/alert-host.tsx';

export const USER_ID = 42;

export function signedInController(userId = USER_ID): SessionController {
  const state: SessionState = { status: 'signed-in', userData: { changed_password: 1, compliance_ping: 0, user: { id: userId, first_name: 'Ayu', last_name: 'Lestari' } } };
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    start: vi.fn(async () => undefined),
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    refreshUserData: vi.fn(async () => undefined),
    completePasswordChange: vi.fn(async () => undefined),
    retry: vi.fn(async () => undefined),
  };
}

function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

export function renderNotifications(ui: ReactNode, { queryClient, i18nInstance }: { queryClient: QueryClient; i18nInstance: Translator }) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider controller={signedInController()}>
          <MemoryRouter initialEntries={['/notification']}>
            <Routes>
              <Route path="/notification" element={ui} />
              <Route path="*" element={null} />
            </Routes>
            <Location />
          </MemoryRouter>
          <AlertHost />
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

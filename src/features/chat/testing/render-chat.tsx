// Renders a chat screen as the app does: real English texts, a QueryClient, a router at the chat's own
// address (/chats, /live-chat/chat-room?uuid=…), a Home screen to be sent to, where the user is, and
// the app's alert host.
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { AlertHost } from '../../../shared/ui/alert-host.tsx';

function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

export interface RenderChatOptions {
  queryClient: QueryClient;
  i18nInstance: Translator;
  /** Where the app starts, e.g. '/chats' or '/live-chat/chat-room?uuid=room-1'. */
  at: string;
  /** The route pattern the element is mounted at (the path of `at` by default). */
  path?: string;
  /** The navigation state of the first entry (what an in-app navigation passed). */
  state?: unknown;
  /** The browser's own history (as the app runs), for Back that goes back in-app (src/shared/routes/back-or.ts). */
  browserHistory?: boolean;
  /** Under React's StrictMode from the root, as the app runs (src/app/render.tsx); the test default (vitest-setup.ts) when left out. */
  strict?: boolean;
}

export function chatTree(ui: ReactNode, { queryClient, i18nInstance, at, path, state, browserHistory = false }: RenderChatOptions) {
  const routePath = path ?? at.split('?')[0]!;
  if (browserHistory) window.history.replaceState(null, '', at);
  const Router = browserHistory ? BrowserRouter : MemoryRouter;
  return (
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <Router {...(browserHistory ? {} : { initialEntries: [state === undefined ? at : { pathname: routePath, search: at.slice(routePath.length), state }] })}>
          <Routes>
            <Route path={routePath} element={ui} />
            <Route path="/home" element={<h1>Home screen</h1>} />
            <Route path="/change-password" element={<h1>Change password screen</h1>} />
            <Route path="/login" element={<h1>Login screen</h1>} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </Router>
        <AlertHost />
      </QueryClientProvider>
    </I18nProvider>
  );
}

export function renderChat(ui: ReactNode, options: RenderChatOptions) {
  return render(chatTree(ui, options), options.strict === undefined ? {} : { reactStrictMode: options.strict });
}

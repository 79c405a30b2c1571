// Component-test harness: the app's real English texts, the real HTTP client with a fetch stub behind
// it, a QueryClient per test, and a router with the places SPEC §8 sends people (/change-password,
// /login) and a display of where the user is, plus the app's alert host.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import '../../api/client.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/translator.ts';
import { AlertHost } from '../ui/alert-host.tsx';

export { createTestI18n } from './test-i18n.ts';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A request aborted in the task that made it never reaches the server, as in a browser (fetch sends
 * nothing before the task ends): rejected with an AbortError, without asking `send`. Under React's
 * StrictMode (the tests' default, vitest-setup.ts) a screen mounts, unmounts and mounts again in one
 * task, and TanStack Query cancels the first mount's request when its observer goes; only the second
 * one goes out, and only it is seen by the test's stub and counted.
 */
export function unlessAbortedAtOnce<R extends Request>(send: (request: R) => Promise<Response>): (request: R) => Promise<Response> {
  return async (request) => {
    await Promise.resolve();
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return send(request);
  };
}

/** Makes the client's relative '/api' URLs work under jsdom (see document-request.ts) and answers fetch with handler. */
export function stubRequestAndFetch(handler: (url: URL, request: Request) => Response | Promise<Response>) {
  stubDocumentRequest();
  const fetchMock = vi.fn(async (request: Request) => handler(new URL(request.url), request));
  vi.stubGlobal('fetch', unlessAbortedAtOnce(fetchMock));
  return fetchMock;
}

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });

function Location() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export function renderApp(ui: ReactNode, { queryClient, i18nInstance }: { queryClient: QueryClient; i18nInstance: Translator }) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={ui} />
            <Route path="/change-password" element={<h1>Change password screen</h1>} />
            <Route path="/login" element={<h1>Login screen</h1>} />
          </Routes>
          <Location />
        </MemoryRouter>
        <AlertHost />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

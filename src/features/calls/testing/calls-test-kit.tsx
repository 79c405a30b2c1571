// Test harness for the call screens: the app's English texts, a QueryClient, a router at the screen's
// own address with where the user is (path, query and navigation state) and a stand-in for the call screen, the alert
// host, and a fetch stub that logs every request with its JSON body.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { AlertHost } from '../../../shared/ui/alert-host.tsx';
import type { CallGroup, Employee } from '../api/search.ts';

/** Where the user is; data-state holds the navigation state (a call button's intent, the start screen's hand-over). */
function Location() {
  const { pathname, search, state } = useLocation();
  return <div data-testid="location" data-state={state === null || state === undefined ? undefined : JSON.stringify(state)}>{`${pathname}${search}`}</div>;
}

/** Stands in for the in-call screen; its Back shows what the history holds below it. */
function CallScreenStandIn() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Call screen</h1>
      <button type="button" onClick={() => void navigate(-1)}>
        History back
      </button>
    </>
  );
}

export interface RenderCallsOptions {
  i18nInstance: Translator;
  /** The history, last entry current: e.g. ['/call', '/video-call/direct-video-call?user_id=43'] (an entry may carry navigation state). */
  entries: Array<string | { pathname: string; search?: string; state?: unknown }>;
  /** The route the screen is mounted at. */
  path: string;
  strict?: boolean;
}

export function renderCalls(ui: ReactNode, { i18nInstance, entries, path, strict = false }: RenderCallsOptions) {
  const tree = (
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/call" element={path === '/call' ? ui : <h1>Call tab</h1>} />
            <Route path="/chat/chat-detail/video-call/:id" element={<CallScreenStandIn />} />
            <Route path="/change-password" element={<h1>Change password screen</h1>} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
        <AlertHost />
      </QueryClientProvider>
    </I18nProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

export interface LoggedCall {
  path: string;
  body: unknown;
}

/** Answers every request with `answer` (by path, without /api) and logs what was asked, bodies parsed. */
export function stubApi(answer: (path: string, body: unknown) => Response | Promise<Response>) {
  const log: LoggedCall[] = [];
  stubRequestAndFetch(async (url, request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    log.push({ path, body });
    return answer(path, body);
  });
  return { log, bodiesOf: (path: string) => log.filter((entry) => entry.path === path).map((entry) => entry.body) };
}

export const refusal = (message: string, status = 500) => json({ error: true, status_code: status, error_message: message }, status);
export const users = (list: Employee[]) => json({ error: false, status_code: 200, users: list });
export const groups = (list: CallGroup[]) => json({ error: false, status_code: 200, groups: list });

export const AYU: Employee = {
  id: 42,
  first_name: 'Ayu',
  last_name: 'Lestari',
  employee_number: 'E-0042',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Senior Payroll Officer', job_title: 'Payroll Officer' },
  ess_company: { name: 'PT Maju Bersama' },
};

export const BUDI: Employee = {
  id: 43,
  first_name: 'Budi',
  last_name: 'Santoso',
  employee_number: 'E-0043',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: null, job_title: 'Driver' },
  ess_company: { name: 'PT Maju Logistik' },
};

export const group = (uuid: string, name: string): CallGroup => ({ id: 900, uuid, type: 'group', name, meta: { unread_messages: 0 } });

/** A promise settled from outside: an answer that arrives when the test says. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

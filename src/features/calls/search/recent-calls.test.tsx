// @vitest-environment jsdom
// The Call tab's recent calls (issue 23, item 4): GET /live-chat/chat-room-calls page by page; each call
// with the room's or other person's name, incoming / outgoing / missed (missed in red) with its icon, when,
// how long, and a call-back button that opens the start screen with the tap's intent (issue 19: only a tap
// starts a call); a skeleton while loading, "No calls yet", a failure with Try again, the next page, and
// the list fetched again once a call is over for the user. From 1024 px it stands beside the search.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoomCallLogEntry } from '../../../../generated/http/types.gen.ts';
import { intendedCallKey } from '../../../shared/domain/start-call-link.ts';
import { formatDay, formatTime } from '../../../shared/format/formatters.ts';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { AlertHost } from '../../../shared/ui/alert-host.tsx';
import { callRegistry } from '../registry/call-registry.ts';
import { deferred, refusal, stubApi } from '../testing/calls-test-kit.tsx';
import { CallSearchScreen } from './call-search-screen.tsx';

const HISTORY = '/live-chat/chat-room-calls';
const AYU = 42;
const DIRECT = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TEAM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SIGNED_IN = { status: 'signed-in', userData: { user: { id: AYU } } };
const session = { getState: () => SIGNED_IN, subscribe: () => () => undefined } as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  // Noon on 20 November 2026, on this machine's clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  callRegistry.reset();
});

const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();
const budiRoom = { id: 1201, uuid: DIRECT, type: 'individual' as const, individual_name: 'Budi Santoso', to: 43, to_user_name: 'Budi Santoso', from_user_name: 'Ayu Lestari', to_user_avatar: 'https://cdn.example/budi.jpg', from_user_avatar: 'https://cdn.example/ayu.jpg' };
const teamRoom = { id: 1300, uuid: TEAM, type: 'group' as const, name: 'Tim Operasional Jakarta' };

const entry = (id: number, fields: Partial<ChatRoomCallLogEntry>): ChatRoomCallLogEntry => ({
  id,
  chat_room_uuid: DIRECT,
  caller_id: AYU,
  status: 'ended',
  started_at: at(20, 10, 12),
  chat_room: budiRoom,
  direction: 'outgoing',
  outcome: 'answered',
  duration_seconds: 723,
  ...fields,
});

const page = (data: ChatRoomCallLogEntry[], current = 1, last = 1) => json({ error: false, status_code: 200, data, meta: { current_page: current, last_page: last, per_page: 20, total: data.length } });

const FOUR = [
  entry(4, {}),
  entry(3, { chat_room: teamRoom, chat_room_uuid: TEAM, caller_id: 57, direction: 'incoming', outcome: 'missed', duration_seconds: null, started_at: at(19, 16, 0) }),
  entry(2, { direction: 'incoming', caller_id: 43, outcome: 'declined', duration_seconds: null, started_at: at(12, 9, 30) }),
  entry(1, { outcome: 'no_answer', duration_seconds: null, started_at: at(11, 8, 0) }),
];

/** Where a tap went, and the intent it carried (the start screen starts only with it). */
function StartScreen() {
  const location = useLocation();
  return <p data-testid="start-screen">{`${location.pathname}${location.search} intent=${intendedCallKey(location.state)}`}</p>;
}

function renderTab() {
  render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={createTestQueryClient()}>
        <SessionProvider controller={session}>
          <MemoryRouter initialEntries={['/call']}>
            <Routes>
              <Route path="/call" element={<CallSearchScreen />} />
              <Route path="/video-call/direct-video-call" element={<StartScreen />} />
            </Routes>
          </MemoryRouter>
          <AlertHost />
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return userEvent.setup();
}

const rows = () => screen.queryAllByTestId('recent-call');
const historyAsked = (api: ReturnType<typeof stubApi>) => api.log.filter((call) => call.path === HISTORY).length;

describe('recent calls on the Call tab', () => {
  it('shows a skeleton while the first page loads, then each call: who, which way, when, how long', async () => {
    const answer = deferred<Response>();
    stubApi((path) => (path === HISTORY ? answer.promise : refusal(`unexpected ${path}`, 404)));
    renderTab();
    const recent = screen.getByRole('tabpanel');
    expect(recent.querySelector('[aria-busy="true"]')).not.toBeNull();
    answer.resolve(page(FOUR));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('list', { name: 'Recent calls' })).toBeTruthy();

    const [talked, missed, declined, unanswered] = rows();
    expect(within(talked!).getByText('Budi Santoso')).toBeTruthy();
    expect(within(talked!).getByText('Outgoing · 12 min')).toBeTruthy();
    expect(talked!.querySelector('svg.lucide-phone-outgoing')).not.toBeNull();
    expect(talked!.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/budi.jpg');
    expect(within(talked!).getByText(formatTime(new Date(2026, 10, 20, 10, 12), 'en')).tagName).toBe('TIME');

    expect(within(missed!).getByText('Tim Operasional Jakarta')).toBeTruthy();
    const missedKind = within(missed!).getByText('Missed').parentElement!;
    expect(missedKind.dataset.kind).toBe('missed');
    expect(missedKind.className).toMatch(/missed/);
    expect(missed!.querySelector('svg.lucide-phone-missed')).not.toBeNull();
    expect(within(missed!).getByText('Yesterday')).toBeTruthy();

    expect(within(declined!).getByText('Declined')).toBeTruthy();
    expect(declined!.querySelector('svg.lucide-phone-incoming')).not.toBeNull();
    expect(within(declined!).getByText('Declined').parentElement!.className).not.toMatch(/missed/);
    expect(within(declined!).getByText(formatDay(new Date(2026, 10, 12, 9, 30), 'en'))).toBeTruthy();
    expect(within(unanswered!).getByText('Outgoing · No answer')).toBeTruthy();
  });

  it('calls back from a row: the start screen for that room, with the tap\'s intent to start at once', async () => {
    stubApi((path) => (path === HISTORY ? page(FOUR) : refusal(`unexpected ${path}`, 404)));
    const user = renderTab();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(within(rows()[1]!).getByRole('button', { name: 'Call back Tim Operasional Jakarta' }));
    expect(screen.getByTestId('start-screen').textContent).toBe(`/video-call/direct-video-call?chat_room_uuid=${TEAM} intent=room:${TEAM}`);
  });

  it('the call-back button is named after the other person in a direct room', async () => {
    stubApi((path) => (path === HISTORY ? page(FOUR) : refusal(`unexpected ${path}`, 404)));
    const user = renderTab();
    await user.click(await screen.findAllByRole('button', { name: 'Call back Budi Santoso' }).then((buttons) => buttons[0]!));
    expect(screen.getByTestId('start-screen').textContent).toBe(`/video-call/direct-video-call?chat_room_uuid=${DIRECT} intent=room:${DIRECT}`);
  });

  it('says "No calls yet" with a hint when there are none', async () => {
    stubApi(() => page([]));
    renderTab();
    expect(await screen.findByText('No calls yet')).toBeTruthy();
    expect(screen.getByText(/find them under People or Groups/)).toBeTruthy();
  });

  it('leaves out a call without its room (nothing to name or call back)', async () => {
    stubApi(() => page([entry(9, { chat_room: undefined }), entry(8, {})]));
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows a failure with Try again, which loads the list', async () => {
    let fail = true;
    const api = stubApi((path) => (path !== HISTORY ? refusal('unexpected', 404) : fail ? refusal('The call log is down.') : page(FOUR)));
    const user = renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your recent calls could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(historyAsked(api)).toBeGreaterThanOrEqual(2);
  });

  it('loads the next page (Load more, as the end comes near), keeps what it has when one fails, and says when it is all', async () => {
    let failSecond = true;
    stubRequestAndFetch((url) => {
      if (!url.pathname.endsWith(HISTORY)) return refusal('unexpected', 404);
      if (url.searchParams.get('page') === '2') return failSecond ? refusal('Down.') : page(FOUR.slice(2), 2, 2);
      return page(FOUR.slice(0, 2), 1, 2);
    });
    const user = renderTab();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('More calls could not be loaded.')).toBeTruthy();
    expect(rows()).toHaveLength(2);
    failSecond = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('That is all your calls.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('is fetched again once a call is over for the user (the call registry says when)', async () => {
    let calls = FOUR.slice(1);
    const api = stubApi((path) => (path === HISTORY ? page(calls) : refusal(`unexpected ${path}`, 404)));
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(historyAsked(api)).toBe(1);
    calls = FOUR;
    vi.setSystemTime(new Date(2026, 10, 20, 12, 5));
    const disconnect = callRegistry.connect({ currentUserId: () => AYU, openPath: () => undefined });
    callRegistry.receive({ event_type: 'no_answer', data: { chat_room_call_id: 4, rejected_ids: { [AYU]: AYU } } });
    disconnect();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(historyAsked(api)).toBe(2);
  });
});

describe('on a wide screen (from 1024 px)', () => {
  it('stands beside the People / Groups search, under its own heading', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 1024px)', addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubApi((path) => (path === HISTORY ? page(FOUR) : refusal(`unexpected ${path}`, 404)));
    renderTab();
    const column = screen.getByRole('region', { name: 'Recent calls' });
    await waitFor(() => expect(within(column).getAllByTestId('recent-call')).toHaveLength(4));
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['People', 'true'],
      ['Groups', 'false'],
    ]);
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Search Employees' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { deferred, refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { startCallIntent } from '../../../shared/domain/start-call-link.ts';
import { StartCallScreen, parseCallTarget } from './start-call-screen.tsx';

const START_CHAT = '/live-chat/start-individual-chat';
const START_CALL = '/live-chat/chat-room-calls';
const END_CALL = '/live-chat/chat-room-calls/end-call';
const DIRECT = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TEAM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const room = (uuid: string) => json({ error: false, status_code: 200, chat_room: { id: 77, uuid, type: 'individual', name: null } });
const ringing = (id: number, uuid: string) =>
  json({ error: false, status_code: 200, chat_room_call: { id, chat_room_uuid: uuid, meet_room_uuid: `meet-${id}`, caller_id: 42, status: 'ringing' } });

/** The sandbox's answers: Budi's direct room, then call 501 in whichever room was asked. */
const sandbox = (path: string, body: unknown) =>
  path === START_CHAT ? room(DIRECT)
  : path === START_CALL ? ringing(501, (body as { chat_room_uuid: string }).chat_room_uuid)
  : path === END_CALL ? json({ error: false, status_code: 200, chat_room_call: { id: 501, status: 'ended' } })
  : refusal(`unexpected ${path}`, 404);

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const targetOf = (query: string) => parseCallTarget(new URLSearchParams(query).get('user_id'), new URLSearchParams(query).get('chat_room_uuid'));

/** Opened as an in-app call button opens it (with the tap's intent), or, with `fromLink`, as a link, a push or a typed URL would. */
function renderStart(query: string, { strict = false, fromLink = false }: { strict?: boolean; fromLink?: boolean } = {}) {
  const target = targetOf(query);
  const state = !fromLink && target ? startCallIntent(target) : undefined;
  renderCalls(<StartCallScreen />, {
    i18nInstance,
    entries: ['/call', { pathname: '/video-call/direct-video-call', search: query, state }],
    path: '/video-call/direct-video-call',
    strict,
  });
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;

describe('starting a call from an in-app call button (video-call/direct-video-call)', () => {
  it('with a user_id: opens the direct room, calls in it, and replaces itself with the call screen', async () => {
    const api = stubApi(sandbox);
    const user = renderStart('?user_id=43');
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(api.log).toEqual([
      { path: START_CHAT, body: { user_id: 43 } },
      { path: START_CALL, body: { chat_room_uuid: DIRECT } },
    ]);
    // Replaced: Back from the call goes to where the person came from, not into a second start.
    await user.click(screen.getByRole('button', { name: 'History back' }));
    expect(location()).toBe('/call');
  });

  it('with a chat_room_uuid: calls the room directly', async () => {
    const api = stubApi(sandbox);
    renderStart(`?chat_room_uuid=${TEAM}`);
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(api.log).toEqual([{ path: START_CALL, body: { chat_room_uuid: TEAM } }]);
  });

  it('says "Starting call…" with Cancel while the server answers', async () => {
    const answer = deferred<Response>();
    stubApi((path, body) => (path === START_CALL ? answer.promise : sandbox(path, body)));
    renderStart('?user_id=43');
    expect(screen.getByRole('status').textContent).toContain('Starting call…');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Direct video call');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    answer.resolve(await ringing(502, DIRECT));
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/502'));
  });

  it('starts once under React StrictMode', async () => {
    const api = stubApi(sandbox);
    renderStart('?user_id=43', { strict: true });
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(api.bodiesOf(START_CHAT)).toHaveLength(1);
    expect(api.bodiesOf(START_CALL)).toHaveLength(1);
  });

  it('on a failure shows the alert, then a message with Try again (which starts again) and Back', async () => {
    let fail = true;
    const api = stubApi((path, body) => (path === START_CALL && fail ? refusal('The room is closed.') : sandbox(path, body)));
    const user = renderStart('?user_id=43');
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('The room is closed.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('alert').textContent).toBe('The call could not be started.');
    // The header's Back and the one under the message.
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(2);
    expect(location()).toBe('/video-call/direct-video-call?user_id=43');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(api.log.map((entry) => entry.path)).toEqual([START_CHAT, START_CALL, START_CHAT, START_CALL]);
  });

  it('an answer without the started call (its inferred chat_room_call id) counts as a failed start: no call screen, Try again', async () => {
    stubApi((path, body) => (path === START_CALL ? json({ error: false, status_code: 200, chat_room_call: { chat_room_uuid: DIRECT, status: 'ringing' } }) : sandbox(path, body)));
    const user = renderStart('?user_id=43');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('alert').textContent).toBe('The call could not be started.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(location()).toBe('/video-call/direct-video-call?user_id=43');
  });

  it('a failed direct-chat start is only logged (SPEC §8): no alert, but Try again and Back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const api = stubApi((path, body) => (path === START_CHAT && fail ? refusal('Employee not found.', 404) : sandbox(path, body)));
    const user = renderStart('?user_id=43');
    expect((await screen.findByRole('alert')).textContent).toBe('The call could not be started.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(logged).toHaveBeenCalled();
    expect(api.log.map((entry) => entry.path)).toEqual([START_CHAT]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
  });

  it.each([[''], ['?user_id=abc'], ['?user_id=0'], ['?chat_room_uuid=%3Cscript%3E'], [`?user_id=43&chat_room_uuid=${TEAM}`]])(
    'with %j says the link is not usable, starts nothing and offers Back',
    async (query) => {
      const api = stubApi(sandbox);
      const user = renderStart(query);
      expect(screen.getByRole('alert').textContent).toMatch(/incomplete or invalid/);
      await user.click(screen.getAllByRole('button', { name: 'Back' }).at(-1)!);
      expect(location()).toBe('/call');
      expect(api.log).toHaveLength(0);
    },
  );

  it('Cancel leaves, and a call that still comes back is ended instead of shown', async () => {
    const answer = deferred<Response>();
    const api = stubApi((path, body) => (path === START_CALL ? answer.promise : sandbox(path, body)));
    const user = renderStart('?user_id=43');
    await waitFor(() => expect(api.bodiesOf(START_CALL)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/call');
    answer.resolve(await ringing(503, DIRECT));
    await waitFor(() => expect(api.bodiesOf(END_CALL)).toEqual([{ chat_room_call_id: 503 }]));
    expect(location()).toBe('/call');
  });
});

const SEARCH = '/video-call/search-employees';
const ROOM = (uuid: string) => `/live-chat/chat-room/${uuid}`;
const budi = { id: 43, first_name: 'Budi', last_name: 'Santoso', employee_number: '100235', signed_profile_picture_url: null, ess_employee_profile: { full_job_title: 'Payroll Officer - Jakarta', job_title: 'Payroll Officer' }, ess_company: { name: 'PT Maju Bersama' } };
const teamRoom = json({ error: false, status_code: 200, chat_room: { id: 90, uuid: TEAM, type: 'group', name: 'Tim Operasional Jakarta', individual_name: null }, participants: [] });

/** The sandbox plus the reads a link's screen makes: the person by id, the room by uuid. */
const withReads = (path: string, body: unknown) =>
  path === SEARCH ? json({ error: false, status_code: 200, users: (body as { user_id?: number }).user_id === 43 ? [budi] : [] })
  : path === ROOM(TEAM) ? teamRoom
  : sandbox(path, body);

const writes = (log: Array<{ path: string }>) => log.filter((entry) => entry.path === START_CHAT || entry.path === START_CALL || entry.path === END_CALL);

describe('a start-call link from outside the app (issue 19: a link never starts anything)', () => {
  it('with a user_id: shows whom it would call and starts nothing until Call is tapped', async () => {
    const api = stubApi(withReads);
    const user = renderStart('?user_id=43', { fromLink: true });
    const preview = await screen.findByTestId('call-preview');
    expect(within(preview).getByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
    expect(within(preview).getByText('Payroll Officer - Jakarta')).toBeTruthy();
    expect(within(preview).getByText('Start a video call with Budi Santoso?')).toBeTruthy();
    expect(api.log).toEqual([{ path: SEARCH, body: { user_id: 43 } }]);
    // Nothing more happens while the screen waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes(api.log)).toEqual([]);

    await user.click(within(preview).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(writes(api.log)).toEqual([
      { path: START_CHAT, body: { user_id: 43 } },
      { path: START_CALL, body: { chat_room_uuid: DIRECT } },
    ]);
  });

  it('with a chat_room_uuid: names the group and calls it only on Call', async () => {
    const api = stubApi(withReads);
    const user = renderStart(`?chat_room_uuid=${TEAM}`, { fromLink: true });
    const preview = await screen.findByTestId('call-preview');
    expect(within(preview).getByRole('heading', { name: 'Tim Operasional Jakarta' })).toBeTruthy();
    expect(writes(api.log)).toEqual([]);
    await user.click(within(preview).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(location()).toBe('/chat/chat-detail/video-call/501'));
    expect(writes(api.log)).toEqual([{ path: START_CALL, body: { chat_room_uuid: TEAM } }]);
  });

  it('Cancel leaves without any write', async () => {
    const api = stubApi(withReads);
    const user = renderStart('?user_id=43', { fromLink: true });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/call');
    expect(writes(api.log)).toEqual([]);
  });

  it('someone the directory does not know: says so, offers Back, never a Call button', async () => {
    const api = stubApi(withReads);
    renderStart('?user_id=999', { fromLink: true });
    expect((await screen.findByRole('alert')).textContent).toMatch(/no one to call/);
    expect(screen.queryByRole('button', { name: 'Call' })).toBeNull();
    expect(writes(api.log)).toEqual([]);
  });

  it('a failed read offers Try again, still without a write', async () => {
    let fail = true;
    const api = stubApi((path, body) => (path === SEARCH && fail ? refusal('Server busy.') : withReads(path, body)));
    const user = renderStart('?user_id=43', { fromLink: true });
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load whom this link calls.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Call' })).toBeTruthy();
    expect(writes(api.log)).toEqual([]);
  });

  it("an in-app tap's intent for someone else does not start a call to the link's target", async () => {
    const api = stubApi(withReads);
    renderCalls(<StartCallScreen />, {
      i18nInstance,
      entries: ['/call', { pathname: '/video-call/direct-video-call', search: '?user_id=43', state: startCallIntent({ kind: 'person', userId: 44 }) }],
      path: '/video-call/direct-video-call',
    });
    expect(await screen.findByTestId('call-preview')).toBeTruthy();
    expect(writes(api.log)).toEqual([]);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { deferred, refusal, renderCalls, stubApi } from '../search/calls-test-kit.tsx';
import { StartCallScreen } from './start-call-screen.tsx';

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

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderStart(query: string, strict = false) {
  renderCalls(<StartCallScreen />, { i18nInstance, entries: ['/call', `/video-call/direct-video-call${query}`], path: '/video-call/direct-video-call', strict });
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;

describe('starting a call (video-call/direct-video-call)', () => {
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
    renderStart('?user_id=43', true);
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

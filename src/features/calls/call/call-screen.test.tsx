// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallEvent } from '../../../api/models.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { callRegistry } from '../registry/call-registry.ts';
import { startCalls, type CallsPort } from '../registry/calls-port.ts';
import { CallScreen } from './call-screen.tsx';

/** The calls feature's port, as realtime reaches it. */
let callsPort: CallsPort;

const media = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('../media/mesh-call-media.ts', () => ({ createMeshCallMedia: () => media.current }));

const BUDI = 43;
const SIGNED_IN = { status: 'signed-in', userData: { user: { id: BUDI } } };
const session = {
  getState: () => SIGNED_IN,
  subscribe: () => () => undefined,
} as unknown as SessionController;

const callAnswer = (overrides: Record<string, unknown> = {}) =>
  json({
    error: false,
    status_code: 200,
    chat_room_call: { id: 7, chat_room_uuid: 'room-1', meet_room_uuid: 'meet-7', caller_id: 42, status: 'ringing', caller: { id: 42, first_name: 'Ayu', last_name: 'Lestari' }, ...overrides },
    chat_room: { id: 1, uuid: 'room-1', type: 'individual', individual_name: 'Ayu Lestari' },
  });

/** Call events as realtime hands them over to the calls feature (SPEC §4: an ending names Budi in rejected_ids). */
const callEvent = (event_type: CallEvent['event_type'], chatRoomCallId: number, meetRoomUuid: string): CallEvent => ({
  event_type,
  data: { chat_room_call_id: chatRoomCallId, meet_room_uuid: meetRoomUuid, recipient_id: BUDI, rejected_ids: event_type === 'incoming_call' ? {} : { [BUDI]: BUDI } },
});
const currentCallId = () => callRegistry.getSnapshot().current?.callId;
const openPath = vi.fn<(path: string) => void>();

let i18nInstance: Translator;
let tearDownRegistry: () => void;
beforeAll(async () => {
  i18nInstance = createTestI18n();
  callsPort = startCalls({ currentUserId: () => BUDI, openPath });
  tearDownRegistry = callsPort.stop;
});
afterAll(() => tearDownRegistry());
afterEach(async () => {
  // A call left running would be picked up by the next test's screen (same id); its end-call goes to
  // the stub before the stub is removed.
  callRegistry.reset();
  await new Promise((settle) => setTimeout(settle, 20));
  cleanup();
  openPath.mockReset();
  vi.unstubAllGlobals();
});

/** The browser's Back, as a person leaving the screen uses it. */
function HistoryBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

function renderCall(answer: (path: string, body: unknown) => Response | Promise<Response>, options: { refuseCamera?: boolean; state?: unknown; strict?: boolean } = {}) {
  const fake = fakeMedia(options);
  media.current = fake.media;
  const api = stubApi(answer);
  renderCalls(
    <SessionProvider controller={session}>
      <CallScreen />
      <HistoryBack />
    </SessionProvider>,
    { i18nInstance, entries: ['/home', { pathname: '/chat/chat-detail/video-call/7', state: options.state }], path: '/chat/chat-detail/video-call/:chat_room_call_id', strict: options.strict },
  );
  return { api, ...fake, user: userEvent.setup() };
}

const sandbox = (path: string) => (path === '/live-chat/chat-room-calls/7' ? callAnswer() : path.endsWith('/end-call') ? callAnswer({ status: 'ended' }) : refusal(`unexpected ${path}`, 404));

describe('the incoming call screen', () => {
  it('shows the room and caller names without bidirectional controls, which would reorder them', async () => {
    renderCall((path) =>
      path === '/live-chat/chat-room-calls/7'
        ? json({
            error: false,
            status_code: 200,
            chat_room_call: { id: 7, chat_room_uuid: 'room-1', meet_room_uuid: 'meet-7', caller_id: 42, status: 'ringing', caller: { id: 42, first_name: 'Ayu\u202E', last_name: 'Lestari' } },
            chat_room: { id: 1, uuid: 'room-1', type: 'group', name: 'Tim \u2067Gudang\u2069' },
          })
        : sandbox(path),
    );
    expect(await screen.findByRole('heading', { name: 'Ayu Lestari' })).toBeTruthy();
    expect(screen.getByText('Group video call · Tim Gudang')).toBeTruthy();
  });

  it('rings with the caller\'s name; without sound allowed it offers "Tap to hear"; Accept joins the meet room', async () => {
    const { media: calls, user } = renderCall(sandbox);
    expect(await screen.findByRole('heading', { name: 'Ayu Lestari' })).toBeTruthy();
    expect(screen.getByText('Incoming video call')).toBeTruthy();
    // jsdom has no Web Audio: the ringtone cannot play, and the screen says how to hear it.
    expect(screen.getByRole('button', { name: 'Tap to hear the ringtone' })).toBeTruthy();
    expect(currentCallId()).toBe(7);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    expect(calls.startLocal).toHaveBeenCalledWith({ video: true });
    expect(await screen.findByText('Connecting…')).toBeTruthy();
  });

  it('Decline tells the server, says so, and closes the screen by itself', async () => {
    const { api, user } = renderCall(sandbox);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the call')).toBeTruthy();
    expect(api.bodiesOf('/live-chat/chat-room-calls/end-call')).toEqual([{ chat_room_call_id: 7, event_type: 'end_call_from_receiver' }]);
    // (A memory router has no browser history to go back in: the screen falls back to the Call tab.)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/call'), { timeout: 3000 });
  });

  it('closes as a missed call when the caller hangs up first; the end of another call changes nothing', async () => {
    renderCall(sandbox);
    await screen.findByRole('button', { name: 'Accept' });
    act(() => callsPort.receive(callEvent('end_call_from_caller', 8, 'x')));
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    act(() => callsPort.receive(callEvent('end_call_from_caller', 7, 'meet-7')));
    expect(await screen.findByText('Missed call')).toBeTruthy();
    expect(currentCallId()).toBeUndefined();
  });

  it('a refused camera explains itself and joins with audio only on request', async () => {
    const { media: calls, user } = renderCall(sandbox, { refuseCamera: true });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/Camera or microphone access was refused/)).toBeTruthy();
    expect(calls.join).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Join with audio only' }));
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    expect(calls.startLocal).toHaveBeenLastCalledWith({ video: false });
  });

  it('a call that is gone says so, without an alert and without ringing', async () => {
    renderCall(() => refusal('Call not found.', 404));
    expect(await screen.findByText('This call no longer exists.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(currentCallId()).toBeUndefined();
  });

  it('an answer without the call (its inferred chat_room_call) counts as a failed load: says so with Try again, and rings nobody', async () => {
    const { user } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? json({ error: false, status_code: 200, chat_room: { id: 1, uuid: 'room-1', type: 'individual' } }) : refusal('unexpected', 404)));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }));
    expect(screen.getByText('The call could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(currentCallId()).toBeUndefined();
  });

  it('a call the server has as ended shows that, and rings nobody', async () => {
    renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ status: 'ended' }) : refusal('unexpected', 404)));
    expect(await screen.findByText('This call has already ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('another call while in one (busy)', () => {
  it('shows as a banner instead of ringing; Decline tells the server and the call goes on', async () => {
    const { api, user } = renderCall(sandbox);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Connecting…')).toBeTruthy();
    act(() => callsPort.receive(callEvent('incoming_call', 9, 'meet-9')));
    expect((await screen.findByTestId('busy-call')).textContent).toContain('Another call is coming in. You are already in a call.');
    expect(openPath).not.toHaveBeenCalled();
    await user.click(within(screen.getByTestId('busy-call')).getByRole('button', { name: 'Decline' }));
    expect(screen.queryByTestId('busy-call')).toBeNull();
    await waitFor(() => expect(api.bodiesOf('/live-chat/chat-room-calls/end-call')).toEqual([{ chat_room_call_id: 9, event_type: 'end_call_from_receiver' }]));
    expect(screen.getByTestId('call-screen').getAttribute('data-phase')).toBe('connecting');
    expect(currentCallId()).toBe(7);
  });

  it('a Decline the server did not take (a 503) is sent again, so the other caller is not left ringing', async () => {
    let declines = 0;
    const { api, user } = renderCall((path) => (path.endsWith('/end-call') && (declines += 1) === 1 ? refusal('Service Unavailable', 503) : sandbox(path)));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    act(() => callsPort.receive(callEvent('incoming_call', 9, 'meet-9')));
    await user.click(within(await screen.findByTestId('busy-call')).getByRole('button', { name: 'Decline' }));
    // The end-call outbox's first retry comes 1 s after the refusal.
    await waitFor(() => expect(api.bodiesOf('/live-chat/chat-room-calls/end-call')).toHaveLength(2), { timeout: 5000 });
    expect(api.bodiesOf('/live-chat/chat-room-calls/end-call')[1]).toEqual({ chat_room_call_id: 9, event_type: 'end_call_from_receiver' });
  });
});

describe('a call the user is in, its screen opened again', () => {
  it('back from the attendee list (the screen remounted, its load gone), the call shows at once and runs on, without waiting for the call to load again', async () => {
    const first = renderCall(sandbox);
    await first.user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Connecting…')).toBeTruthy();
    // The screen leaves (the attendee list), then comes back with an empty query cache; its second load never answers.
    cleanup();
    const again = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? new Promise<Response>(() => undefined) : sandbox(path)));
    expect(screen.getByTestId('call-screen').getAttribute('data-phase')).toBe('connecting');
    expect(screen.queryByText('Loading the call…')).toBeNull();
    expect(screen.getByText('Connecting…')).toBeTruthy();
    await waitFor(() => expect(again.api.log.map((entry) => entry.path)).toContain('/live-chat/chat-room-calls/7'));
    // The same session: not joined a second time.
    expect(first.media.join).toHaveBeenCalledTimes(1);
    expect(currentCallId()).toBe(7);
  });

  it('a call that is over is loaded again, not shown from memory', async () => {
    const first = renderCall(sandbox);
    await first.user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the call')).toBeTruthy();
    cleanup();
    renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? new Promise<Response>(() => undefined) : sandbox(path)));
    expect(screen.getByText('Loading the call…')).toBeTruthy();
  });
});

describe('the outgoing call screen', () => {
  it('reached from the start screen\'s tap: calls with the camera on at once and shows whom it calls; the other side declining ends it', async () => {
    const { media: calls } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)), { state: { joinCall: 7 } });
    expect(await screen.findByText('Calling Ayu Lestari…')).toBeTruthy();
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    act(() => callsPort.receive(callEvent('end_call_from_receiver', 7, 'meet-7')));
    expect(await screen.findByText('Call ended')).toBeTruthy();
    expect(calls.leave).toHaveBeenCalled();
  });
});

describe('one\'s own call opened from a link (issue 19)', () => {
  it('shows Join and Hang up, and joins with the camera only when Join is tapped', async () => {
    const { media: calls, api, user } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)));
    expect(await screen.findByText('You started this call somewhere else. Join it here?')).toBeTruthy();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(calls.startLocal).not.toHaveBeenCalled();
    expect(calls.join).not.toHaveBeenCalled();
    expect(api.log.filter((entry) => entry.path !== '/live-chat/chat-room-calls/7')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    expect(await screen.findByText('Calling Ayu Lestari…')).toBeTruthy();
  });

  it('left with Back: the call is released at once (the next call rings instead of showing busy), and nothing is told to the server', async () => {
    const { api, user } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)), { strict: true });
    expect(await screen.findByTestId('join-prompt')).toBeTruthy();
    // React StrictMode mounts the screen twice: the prompt stays.
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.getByTestId('join-prompt')).toBeTruthy();
    expect(currentCallId()).toBe(7);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByTestId('location').textContent).toBe('/home');
    await waitFor(() => expect(currentCallId()).toBeUndefined());
    act(() => callsPort.receive(callEvent('incoming_call', 9, 'meet-9')));
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9');
    expect(api.log.filter((entry) => entry.path !== '/live-chat/chat-room-calls/7')).toEqual([]);
  });

  it('a start-screen hand-over for another call does not join this one', async () => {
    const { media: calls } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)), { state: { joinCall: 8 } });
    expect(await screen.findByTestId('join-prompt')).toBeTruthy();
    expect(calls.startLocal).not.toHaveBeenCalled();
  });
});

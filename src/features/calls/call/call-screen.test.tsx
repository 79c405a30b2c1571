// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeCall } from '../../../shared/calls/active-call.ts';
import { publish } from '../../../shared/events/app-events.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { currentCallSession } from '../session/current-call.ts';
import { CallScreen } from './call-screen.tsx';

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

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await createTestI18n();
});
afterEach(async () => {
  // A call left running would be picked up by the next test's screen (same id); its end-call goes to
  // the stub before the stub is removed.
  currentCallSession()?.dispose();
  await new Promise((settle) => setTimeout(settle, 20));
  cleanup();
  activeCall.set(undefined);
  vi.unstubAllGlobals();
});

function renderCall(answer: (path: string, body: unknown) => Response, options: { refuseCamera?: boolean; state?: unknown } = {}) {
  const fake = fakeMedia(options);
  media.current = fake.media;
  const api = stubApi(answer);
  renderCalls(
    <SessionProvider controller={session}>
      <CallScreen />
    </SessionProvider>,
    { i18nInstance, entries: ['/home', { pathname: '/chat/chat-detail/video-call/7', state: options.state }], path: '/chat/chat-detail/video-call/:chat_room_call_id' },
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
    expect(activeCall.id()).toBe(7);
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
    act(() => publish('call:event', { type: 'end_call_from_caller', chatRoomCallId: 8, meetRoomUuid: 'x', recipientId: BUDI }));
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    act(() => publish('call:event', { type: 'end_call_from_caller', chatRoomCallId: 7, meetRoomUuid: 'meet-7', recipientId: BUDI }));
    expect(await screen.findByText('Missed call')).toBeTruthy();
    expect(activeCall.id()).toBeUndefined();
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
    expect(activeCall.id()).toBeUndefined();
  });

  it('a call the server has as ended shows that, and rings nobody', async () => {
    renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ status: 'ended' }) : refusal('unexpected', 404)));
    expect(await screen.findByText('This call has already ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('the outgoing call screen', () => {
  it('reached from the start screen\'s tap: calls with the camera on at once and shows whom it calls; the other side declining ends it', async () => {
    const { media: calls } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)), { state: { joinCall: 7 } });
    expect(await screen.findByText('Calling Ayu Lestari…')).toBeTruthy();
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    act(() => publish('call:event', { type: 'end_call_from_receiver', chatRoomCallId: 7, meetRoomUuid: 'meet-7', recipientId: BUDI }));
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

  it('a start-screen hand-over for another call does not join this one', async () => {
    const { media: calls } = renderCall((path) => (path === '/live-chat/chat-room-calls/7' ? callAnswer({ caller_id: BUDI }) : refusal('unexpected', 404)), { state: { joinCall: 8 } });
    expect(await screen.findByTestId('join-prompt')).toBeTruthy();
    expect(calls.startLocal).not.toHaveBeenCalled();
  });
});

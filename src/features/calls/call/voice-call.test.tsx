// @vitest-environment happy-dom
// Voice calls: "Voice call" starts the call with call_type voice and hands the call screen over as one;
// the caller then joins with the microphone only (the camera is not even asked for), and a callee is
// rung as a voice call and answers the same way. The camera can be turned on in the call (the media's
// own tests: mesh-media-state.test.ts).
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCallIntent } from '../../../shared/domain/start-call-link.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { callRegistry } from '../registry/call-registry.ts';
import { startCalls, type CallsPort } from '../registry/calls-port.ts';
import { StartCallScreen } from '../start/start-call-screen.tsx';
import { refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { CallScreen } from './call-screen.tsx';

/** The calls feature's port, as realtime reaches it. */
let callsPort: CallsPort;

const media = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('../media/mesh-call-media.ts', () => ({ createMeshCallMedia: () => media.current }));

const BUDI = 43;
const SIGNED_IN = { status: 'signed-in', userData: { user: { id: BUDI } } };
const session = { getState: () => SIGNED_IN, subscribe: () => () => undefined } as unknown as SessionController;
const CALL = '/live-chat/chat-room-calls/7';

const callAnswer = (call: Record<string, unknown>) =>
  json({
    error: false,
    status_code: 200,
    chat_room_call: { id: 7, chat_room_uuid: 'room-1', meet_room_uuid: 'meet-7', status: 'ringing', ...call },
    chat_room: { id: 1, uuid: 'room-1', type: 'individual', individual_name: 'Ayu Lestari' },
  });

let i18nInstance: Translator;
let tearDownRegistry: () => void;
beforeAll(async () => {
  i18nInstance = createTestI18n();
  callsPort = startCalls({ currentUserId: () => BUDI, openPath: () => undefined });
  tearDownRegistry = callsPort.stop;
});
afterAll(() => tearDownRegistry());
afterEach(async () => {
  callRegistry.reset();
  await new Promise((settle) => setTimeout(settle, 20));
  cleanup();
  vi.unstubAllGlobals();
});

/** The call screen for call 7, opened with `state` (the start screen's hand-over, or none: a ring). */
function renderCall(call: Record<string, unknown>, state?: unknown) {
  // Refuses any camera request, as a blocked camera would: a voice call must never make one.
  const fake = fakeMedia({ refuseCamera: true });
  media.current = fake.media;
  stubApi((path) => (path === CALL ? callAnswer(call) : path.endsWith('/end-call') ? callAnswer({ ...call, status: 'ended' }) : refusal(`unexpected ${path}`, 404)));
  renderCalls(
    <SessionProvider controller={session}>
      <CallScreen />
    </SessionProvider>,
    { i18nInstance, entries: ['/home', { pathname: '/chat/chat-detail/video-call/7', state }], path: '/chat/chat-detail/video-call/:chat_room_call_id' },
  );
  return { ...fake, user: userEvent.setup() };
}

describe('a voice call', () => {
  it('is started with call_type voice from the tap that asked for one, and handed over as one', async () => {
    const api = stubApi((path) =>
      path === '/live-chat/start-individual-chat'
        ? json({ error: false, status_code: 200, chat_room: { id: 77, uuid: 'room-1', type: 'individual' } })
        : path === '/live-chat/chat-room-calls'
          ? json({ error: false, status_code: 200, chat_room_call: { id: 501, chat_room_uuid: 'room-1', meet_room_uuid: 'meet-501', caller_id: BUDI, status: 'ringing' } })
          : refusal(`unexpected ${path}`, 404),
    );
    renderCalls(<StartCallScreen />, {
      i18nInstance,
      entries: ['/call', { pathname: '/video-call/direct-video-call', search: '?user_id=42', state: startCallIntent({ kind: 'person', userId: 42 }, true) }],
      path: '/video-call/direct-video-call',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/chat-detail/video-call/501'));
    expect(api.bodiesOf('/live-chat/chat-room-calls')).toEqual([{ chat_room_uuid: 'room-1', call_type: 'voice' }]);
    expect(screen.getByTestId('location').dataset.state).toBe(JSON.stringify({ joinCall: 501, voice: true }));
  });

  it("joins the caller with the microphone only, even when the call's answer does not say voice", async () => {
    const { media: calls } = renderCall({ caller_id: BUDI }, { joinCall: 7, voice: true });
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    expect(calls.startLocal.mock.calls).toEqual([[{ video: false }]]);
    expect(screen.getByTestId('call-screen').dataset.phase).toBe('outgoing');
  });

  it('rings the callee as a voice call, and Accept answers with the microphone only', async () => {
    const { media: calls, user } = renderCall({ caller_id: 42, call_type: 'voice', caller: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } });
    expect(await screen.findByText('Incoming voice call')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.join).toHaveBeenCalledWith('meet-7'));
    expect(calls.startLocal.mock.calls).toEqual([[{ video: false }]]);
    expect(screen.getByTestId('call-screen').dataset.phase).toBe('connecting');
  });

  it('a video call still opens the camera (a call_type the app does not know is one)', async () => {
    const { media: calls, user } = renderCall({ caller_id: 42, call_type: 'holographic' });
    expect(await screen.findByText('Incoming video call')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('media-blocked')).toBeTruthy();
    expect(calls.startLocal.mock.calls).toEqual([[{ video: true }]]);
  });
});

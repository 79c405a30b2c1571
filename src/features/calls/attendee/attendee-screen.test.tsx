// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { Employee } from '../api/call.ts';
import type { RemoteParticipant } from '../media/call-media.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { callRegistry } from '../registry/call-registry.ts';
import type { CallSession } from '../session/call-session.ts';
import { AYU, BUDI, refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { cameraAndMicrophone, TestStream, TestTrack } from '../testing/test-streams.ts';
import { AttendeeScreen } from './attendee-screen.tsx';

const SIGNED_IN = { status: 'signed-in', userData: { user: { id: 42 } } };
const session = {
  getState: () => SIGNED_IN,
  subscribe: () => () => undefined,
} as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  callRegistry.reset();
  vi.unstubAllGlobals();
});

function renderAttendees(search: string) {
  renderCalls(
    <SessionProvider controller={session}>
      <AttendeeScreen />
    </SessionProvider>,
    { i18nInstance, entries: ['/home', `/video-call/attendee${search}`], path: '/video-call/attendee' },
  );
  return userEvent.setup();
}

describe('the attendee list opened outside the call', () => {
  it('lists the room\'s people as rows with their picture or initials and their place in the call; Close is an icon button to the Call tab', async () => {
    stubApi((path) =>
      path === '/live-chat/chat-room-calls/7'
        ? json({ error: false, status_code: 200, chat_room_call: { id: 7, chat_room_uuid: 'room-1', meet_room_uuid: 'meet-7', caller_id: 42, status: 'ongoing' }, chat_room: { id: 1, uuid: 'room-1', type: 'group', name: 'Tim' } })
        : path === '/live-chat/chat-room/room-1'
          ? json({ error: false, status_code: 200, chat_room: { id: 1, uuid: 'room-1', type: 'group', name: 'Tim' }, participants: [AYU, BUDI] })
          : refusal(`unexpected ${path}`, 404),
    );
    const user = renderAttendees('?chat_room_call_id=7');
    await waitFor(() => expect(screen.getAllByTestId('attendee')).toHaveLength(2));
    const [ayu, budi] = screen.getAllByTestId('attendee');
    expect(within(ayu!).getByText('Ayu Lestari')).toBeTruthy();
    expect(within(ayu!).getByText('Not in the call')).toBeTruthy();
    expect(within(budi!).getByText('BS')).toBeTruthy();
    // Outside the call nobody's microphone or camera is known.
    expect(screen.queryByTestId('attendee-devices')).toBeNull();

    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Close' })).toBeNull();
    await user.click(close);
    expect(screen.getByTestId('location').textContent).toBe('/call');
  });

  it('without a call id says the list could not be loaded, with Close', () => {
    renderAttendees('');
    expect(screen.getByRole('alert').textContent).toContain('The attendees could not be loaded.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('the attendee list during a call of twelve others', () => {
  const NAMES = ['Rizky Pratama', 'Siti Rahmawati', 'Dewi Kartika', 'Agus Setiawan', 'Putri Maharani', 'Hendra Wijaya', 'Nur Aisyah', 'Yoga Prasetyo', 'Ratna Sari'];
  const employee = (id: number, name: string): Employee => ({ ...BUDI, id, first_name: name.split(' ')[0] ?? '', last_name: name.split(' ')[1] ?? '', employee_number: `E-${id}` });
  // The room: Ayu (the user), Budi, nine more, and Eko, who is not in the call.
  const roomPeople = [AYU, BUDI, ...NAMES.map((name, index) => employee(100 + index, name)), employee(200, 'Eko Firmansyah')];

  it('lists everyone: the user, who speaks, those in the call, those connecting, then the others; members the room does not list by their id; microphone, camera and a shared screen', async () => {
    const budiStream = cameraAndMicrophone();
    (budiStream.getVideoTracks()[0] as unknown as TestTrack).muted = true;
    const remote = (id: string, extra: Partial<RemoteParticipant> = {}): RemoteParticipant => ({ id, stream: cameraAndMicrophone(), state: 'connected', microphoneOn: true, cameraOn: true, ...extra });
    const remotes: RemoteParticipant[] = [
      remote('901', { state: 'reconnecting' }),
      { id: '43', stream: budiStream, state: 'connected' },
      remote('100'),
      remote('101', { screen: new TestStream([new TestTrack('video')]) as unknown as MediaStream }),
      remote('102', { microphoneOn: false, cameraOn: false }),
      remote('103', { state: 'connecting' }),
      remote('104'),
      remote('105'),
      remote('106'),
      remote('107'),
      remote('108'),
      remote('902', { microphoneOn: false }),
    ];
    expect(remotes).toHaveLength(12);
    const fake = fakeMedia();
    fake.set({ local: cameraAndMicrophone(), microphoneOn: true, cameraOn: false, joined: true, capacity: 100, remotes, activeSpeaker: '104' });
    const live = { getState: () => ({ callId: 7, phase: 'in-call' }), subscribe: () => () => undefined, media: fake.media, isGroup: true, roomUuid: 'room-1', dispose: () => undefined } as unknown as CallSession;
    callRegistry.sessionFor(7, () => live);
    const api = stubApi((path) =>
      path === '/live-chat/chat-room/room-1' ? json({ error: false, status_code: 200, chat_room: { id: 1, uuid: 'room-1', type: 'group', name: 'Tim' }, participants: roomPeople }) : refusal(`unexpected ${path}`, 404),
    );
    renderAttendees('?chat_room_call_id=7');
    await waitFor(() => expect(screen.getAllByTestId('attendee')).toHaveLength(14));
    // In the call, the session names the room: the call itself is not loaded again.
    expect(api.log.map((entry) => entry.path)).toEqual(['/live-chat/chat-room/room-1']);
    const rows = screen.getAllByTestId('attendee');
    const titleOf = (row: HTMLElement) => row.querySelector('[title]')?.getAttribute('title');
    expect(rows.map(titleOf)).toEqual([
      'Ayu Lestari',
      'Putri Maharani',
      'Budi Santoso',
      'Rizky Pratama',
      'Siti Rahmawati',
      'Dewi Kartika',
      'Hendra Wijaya',
      'Nur Aisyah',
      'Yoga Prasetyo',
      'Ratna Sari',
      '902',
      'Agus Setiawan',
      '901',
      'Eko Firmansyah',
    ]);
    expect(rows.map((row) => row.getAttribute('data-presence'))).toEqual(['you', 'connected', ...Array(9).fill('connected'), 'connecting', 'reconnecting', 'absent']);
    const row = (name: string) => rows.find((candidate) => titleOf(candidate) === name)!;
    expect(within(row('Putri Maharani')).getByText('Speaking')).toBeTruthy();
    expect(within(row('Agus Setiawan')).getByText('Connecting…')).toBeTruthy();
    expect(within(row('Eko Firmansyah')).getByText('Not in the call')).toBeTruthy();
    // Unknown to the room: named by their id, initials from it.
    expect(within(row('902')).getByText('In the call')).toBeTruthy();

    const devices = (name: string) => within(row(name)).queryAllByRole('img').map((mark) => mark.getAttribute('aria-label'));
    expect(devices('Ayu Lestari')).toEqual(['Microphone on', 'Camera off']);
    expect(devices('Siti Rahmawati')).toEqual(['Sharing screen', 'Microphone on', 'Camera on']);
    expect(devices('Rizky Pratama')).toEqual(['Microphone on', 'Camera on']);
    expect(devices('Dewi Kartika')).toEqual(['Microphone off', 'Camera off']);
    expect(devices('902')).toEqual(['Microphone off', 'Camera on']);
    // Budi's media says nothing of itself: his tracks do (the camera's track stopped arriving).
    expect(devices('Budi Santoso')).toEqual(['Microphone on', 'Camera off']);
    // Not connected: no devices shown.
    expect(devices('Agus Setiawan')).toEqual([]);
    expect(devices('Eko Firmansyah')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to call' })).toBeTruthy();
  });
});

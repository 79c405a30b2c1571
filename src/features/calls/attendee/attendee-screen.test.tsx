// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { AYU, BUDI, refusal, renderCalls, stubApi } from '../testing/calls-test-kit.tsx';
import { AttendeeScreen } from './attendee-screen.tsx';

const SIGNED_IN = { status: 'signed-in', userData: { user: { id: 42 } } };
const session = {
  getState: () => SIGNED_IN,
  subscribe: () => () => undefined,
} as unknown as SessionController;

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await createTestI18n();
});
afterEach(() => {
  cleanup();
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

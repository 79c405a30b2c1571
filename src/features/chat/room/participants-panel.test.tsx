// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { chatRoom } from '../testing/chat-fixtures.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { ParticipantsPanel } from './participants-panel.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BUDI = {
  id: 43,
  first_name: 'Budi',
  last_name: 'Santoso',
  employee_number: '100235',
  ess_employee_profile: { full_job_title: 'Supervisor Gudang' },
  ess_company: { name: 'PT Maju Bersama Indonesia' },
};

function renderPanel(answer: () => Response) {
  const paths: string[] = [];
  stubRequestAndFetch((url) => {
    paths.push(url.pathname);
    return answer();
  });
  renderChat(<ParticipantsPanel roomUuid="room-team" onClose={() => undefined} />, { queryClient: createTestQueryClient(), i18nInstance, at: '/live-chat/chat-room?uuid=room-team' });
  return paths;
}

describe('the v1 participants panel', () => {
  it('lists the room’s participants from GET /live-chat/chat-room/{uuid}', async () => {
    const paths = renderPanel(() => json({ error: false, chat_room: chatRoom({ uuid: 'room-team', type: 'group', name: 'Tim' }), participants: [BUDI] }));
    const list = await screen.findByRole('list', { name: 'Participants' });
    const row = within(list).getByTestId('employee-row');
    expect(row.textContent).toContain('Budi Santoso');
    expect(row.textContent).toContain('100235');
    expect(row.textContent).toContain('Supervisor Gudang');
    expect(row.textContent).toContain('PT Maju Bersama Indonesia');
    expect(paths).toEqual(['/api/live-chat/chat-room/room-team']);
  });

  it('a failure says so and Retry asks again', async () => {
    let fail = true;
    const paths = renderPanel(() => (fail ? json({ error: true, error_message: 'Server down' }, 500) : json({ error: false, chat_room: chatRoom({ uuid: 'room-team' }), participants: [BUDI] })));
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Budi Santoso')).toBeTruthy();
    expect(paths).toHaveLength(2);
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { VoteScreen } from './vote-screen.tsx';

const ROOM = 'room-team';
let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CREATED = {
  error: false,
  message: 'Vote created.',
  vote: { id: 9, question: 'Lunch?', options: [{ id: 1, option_text: 'Padang' }, { id: 2, option_text: 'Sunda' }] },
  chat_message: null,
};

function renderVote(answer: () => Response | Promise<Response> = () => json(CREATED)) {
  const bodies: unknown[] = [];
  stubRequestAndFetch(async (url, request) => {
    if (url.pathname === '/api/v2/live-chat/setup-vote-feature') {
      bodies.push(JSON.parse(await request.text()));
      return answer();
    }
    return json({ error: true, error_message: 'unexpected' }, 404);
  });
  renderChat(<VoteScreen />, { queryClient: createTestQueryClient(), i18nInstance, at: `/chats/vote?uuid=${ROOM}` });
  return { bodies, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;

describe('setting up a poll (/chats/vote)', () => {
  it('asks for a question, then for two different options (header "Alert"), and sends nothing meanwhile', async () => {
    const { user, bodies } = renderVote();
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    let alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Alert')).toBeTruthy();
    expect(within(alert).getByText('Please enter the question!')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));

    await user.type(screen.getByLabelText('Question'), 'Lunch on Friday?');
    await user.type(screen.getByLabelText('Option 1'), 'Padang');
    await user.type(screen.getByLabelText('Option 2'), ' padang ');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Please enter at least two different options!')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(bodies).toEqual([]);
  });

  it('creates the poll with its options and choices, then opens the room', async () => {
    const { user, bodies } = renderVote();
    await user.type(screen.getByLabelText('Question'), 'Lunch on Friday?');
    await user.type(screen.getByLabelText('Option 1'), 'Padang');
    await user.type(screen.getByLabelText('Option 2'), 'Sunda');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByLabelText('Option 3'), 'Jawa');
    await user.click(screen.getByRole('checkbox', { name: 'Allow multiple answers' }));
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() => expect(location()).toBe(`/chats/chat?uuid=${ROOM}`));
    expect(bodies).toEqual([
      { chat_room_uuid: ROOM, question: 'Lunch on Friday?', options: ['Padang', 'Sunda', 'Jawa'], allow_multiple_answers: true, is_anonymous: false, expired_at: null },
    ]);
  });

  it('a refusal shows the server message and keeps the form', async () => {
    const { user } = renderVote(() => json({ error: true, error_message: 'Only group members can create polls.' }, 403));
    await user.type(screen.getByLabelText('Question'), 'Lunch on Friday?');
    await user.type(screen.getByLabelText('Option 1'), 'Padang');
    await user.type(screen.getByLabelText('Option 2'), 'Sunda');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Only group members can create polls.')).toBeTruthy();
    expect((screen.getByLabelText('Question') as HTMLTextAreaElement).value).toBe('Lunch on Friday?');
    expect((screen.getByLabelText('Option 2') as HTMLInputElement).value).toBe('Sunda');
    expect(location()).toBe('/chats/vote?uuid=room-team');
  });
});

// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publish } from '../../../shared/events/app-events.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { stopOutbox } from '../outbox/outbox-runner.ts';
import { chatRoom, messageV1, messageV2 } from '../testing/chat-fixtures.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { chatMessages } from '../store/chat-messages.ts';
import { ChatRoomScreen } from './chat-room-screen.tsx';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

const ROOM = 'room-team';
const SESSION_STATE = { status: 'signed-in', userData: { user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } } };
const session = { getState: () => SESSION_STATE, subscribe: () => () => undefined } as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

interface PollShape {
  multiple?: boolean;
  counts: [number, number, number];
  mine?: number[];
  expired?: string | null;
}

const poll = ({ multiple = false, counts, mine = [], expired = null }: PollShape) => ({
  id: 9,
  question: 'Lunch on Friday?',
  allow_multiple_answers: multiple,
  is_anonymous: false,
  expired_at: expired,
  total_votes: counts.reduce((a, b) => a + b, 0),
  options: ['Padang', 'Sunda', 'Jawa'].map((text, index) => ({ id: index + 1, option_text: text, votes_count: counts[index], is_voted: mine.includes(index + 1) })),
});

let calls: Array<{ path: string; body: unknown }>;
let pollNow: PollShape;
let voteAnswer: () => Response;

function setup(shape: PollShape) {
  pollNow = shape;
  calls = [];
  voteAnswer = () => json({ error: false, vote: poll(pollNow) });
  stubRequestAndFetch(async (url, request) => {
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ path, body: text ? JSON.parse(text) : undefined });
    switch (path) {
      case '/v2/live-chat/view-chat':
        return json({
          error: false,
          chat_room: chatRoom({ id: 5, uuid: ROOM, type: 'group', name: 'Tim Operasional' }),
          messages: {
            current_page: 1,
            last_page: 1,
            data: [messageV2({ id: 3, uuid: 'poll-msg', message_type: 'vote', message_content: null, is_owner: false, user: { id: 43, first_name: 'Budi', last_name: 'Santoso' }, vote: poll(pollNow) })],
          },
        });
      case '/v2/live-chat/pin-message-list':
        return json({ error: false, pinned_messages: [] });
      case '/v2/live-chat/read-message':
        return json({ error: false, message: 'ok' });
      case '/v2/live-chat/detail/5':
        return json({ error: false, chat_room: chatRoom({ id: 5, uuid: ROOM, type: 'group', name: 'Tim Operasional' }), total_members: 6 });
      case '/v2/live-chat/vote':
        return voteAnswer();
      case '/v2/live-chat/see-voters/9':
        return json({
          error: false,
          vote_id: 9,
          question: 'Lunch on Friday?',
          total_votes: 1,
          options: [
            { id: 1, option_text: 'Padang', votes_count: 1, voters: [{ id: 43, first_name: 'Budi', last_name: 'Santoso' }] },
            { id: 2, option_text: 'Sunda', votes_count: 0, voters: [] },
            { id: 3, option_text: 'Jawa', votes_count: 0, voters: [] },
          ],
        });
      default:
        return json({ error: true, error_message: `unexpected ${path}` }, 404);
    }
  });
  const queryClient = createTestQueryClient();
  renderChat(
    <SessionProvider controller={session}>
      <ChatRoomScreen />
    </SessionProvider>,
    { queryClient, i18nInstance, at: `/chats/chat?uuid=${ROOM}` },
  );
  return userEvent.setup();
}

afterEach(async () => {
  cleanup();
  stopOutbox();
  chatMessages.clear(); // The chat's store lives as long as the session: each test is a new one.
  vi.unstubAllGlobals();
  await new Promise((done) => setTimeout(done, 20));
});

const counts = () => screen.getAllByTestId('poll-count').map((count) => Number(count.textContent));
const option = (name: RegExp) => screen.getByRole('button', { name });

describe('a poll in a room (SPEC §2 chats/vote)', () => {
  it('shows the question, each option with its votes, and votes with a tap', async () => {
    const user = setup({ counts: [1, 0, 2] });
    await screen.findByText('Lunch on Friday?');
    expect(counts()).toEqual([1, 0, 2]);
    expect(screen.getByTestId('poll-total').textContent).toBe('3 votes');

    pollNow = { counts: [1, 1, 2], mine: [2] };
    await user.click(option(/^Sunda: 0 votes$/));
    expect(calls.find((call) => call.path === '/v2/live-chat/vote')?.body).toEqual({ vote_id: 9, option_ids: [2] });
    await waitFor(() => expect(counts()).toEqual([1, 1, 2]));
    expect(option(/^Sunda: 1 vote$/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('poll-total').textContent).toBe('4 votes');
  });

  it('with multiple answers, sends every ticked option with "Vote"', async () => {
    const user = setup({ multiple: true, counts: [0, 0, 0] });
    await screen.findByText('Lunch on Friday?');
    expect(screen.getByText(/Multiple answers allowed/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Padang' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jawa' }));
    pollNow = { multiple: true, counts: [1, 0, 1], mine: [1, 3] };
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(counts()).toEqual([1, 0, 1]));
    expect(calls.find((call) => call.path === '/v2/live-chat/vote')?.body).toEqual({ vote_id: 9, option_ids: [1, 3] });
  });

  it("changes its counts live when another member's vote arrives", async () => {
    setup({ counts: [1, 0, 0] });
    await screen.findByText('Lunch on Friday?');
    const live = messageV1({ id: 3, uuid: 'poll-msg', type: 'vote', message_content: null, is_owner: 0, vote: poll({ counts: [1, 0, 1] }) });
    act(() => publish('chat:live-chat', { roomId: 5, roomUuid: ROOM, unread: 0, lastMessage: null, message: live }));
    await waitFor(() => expect(counts()).toEqual([1, 0, 1]));
  });

  it('a refused vote says why and leaves the counts as they were', async () => {
    const user = setup({ counts: [1, 0, 0] });
    await screen.findByText('Lunch on Friday?');
    voteAnswer = () => json({ error: true, error_message: 'This poll has closed.' }, 422);
    await user.click(option(/^Jawa: 0 votes$/));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('This poll has closed.')).toBeTruthy();
    expect(counts()).toEqual([1, 0, 0]);
  });

  it('a closed poll cannot be voted on', async () => {
    setup({ counts: [1, 0, 0], expired: '2020-01-01T00:00:00Z' });
    await screen.findByText('Lunch on Friday?');
    expect(screen.getByText(/Voting closed/)).toBeTruthy();
    expect((option(/^Padang: 1 vote$/) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the header of a v2 group says how many are in it (GET /v2/live-chat/detail/{id})', async () => {
    setup({ counts: [0, 0, 0] });
    expect(await screen.findByText('6 members')).toBeTruthy();
  });

  it('"See voters" lists who chose each option', async () => {
    const user = setup({ counts: [1, 0, 0] });
    await screen.findByText('Lunch on Friday?');
    await user.click(screen.getByRole('button', { name: 'See voters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voters' });
    const padang = await within(dialog).findByRole('region', { name: 'Padang' });
    expect(within(padang).getByText('Budi Santoso')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Sunda: 0 votes' })).toBeTruthy();
  });
});

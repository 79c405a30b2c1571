// @vitest-environment happy-dom
// Issue 37: a message's actions where hands expect them, and no permanent "…": quick actions on hover and
// on keyboard focus (not on a tap's focus), a long press on a touch screen (500 ms; a move gives it up),
// a right-click that opens the menu at the pointer (the browser's own menu held back on messages only),
// and Enter, the context-menu key or Shift+F10 on a focused message.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { RoomMessage } from '../api/message-model.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { LONG_PRESS_MS } from './message-gestures.ts';
import { MessageList } from './message-list.tsx';
import { RoomControllerContext, type RoomController } from './room-controller.ts';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const message = (id: number, text: string, extra: Partial<RoomMessage> = {}): RoomMessage => ({
  id,
  uuid: `m-${id}`,
  clientId: null,
  senderId: 7,
  senderName: 'Budi Santoso',
  senderAvatar: null,
  own: false,
  kind: 'text',
  text,
  file: null,
  sticker: null,
  poll: null,
  createdAt: '2024-05-01T08:00:00Z',
  pinnedAt: null,
  edited: false,
  deleted: false,
  ...extra,
});

const MESSAGES = [
  message(1, 'Good morning', { own: true, senderId: 42 }),
  message(2, 'Budi joined the group', { kind: 'system' }),
  message(3, 'Are you coming?'),
  message(4, 'Sending this one', { own: true, senderId: 42, pending: { state: 'sending' } as RoomMessage['pending'] }),
];

function show() {
  const room = { api: { version: 'v2', uuid: 'room-1' }, openActions: vi.fn(), run: vi.fn(async () => undefined), startReply: vi.fn(), retry: vi.fn(), discard: vi.fn() };
  renderChat(
    <RoomControllerContext.Provider value={room as unknown as RoomController}>
      <MessageList messages={MESSAGES} isGroup hasOlder={false} hasNewer={false} loadingOlder={false} onLoadOlder={() => undefined} onLoadNewer={() => undefined} focus={null} />
    </RoomControllerContext.Provider>,
    { queryClient: createTestQueryClient(), i18nInstance, at: '/chats/chat' },
  );
  return { room, user: userEvent.setup() };
}

const bubble = (text: string) => screen.getAllByTestId('message').find((row) => row.textContent?.includes(text))!;
const toolbar = () => screen.queryByRole('group', { name: 'Quick actions' });

/** The list's listeners come with their own code: the first hover that shows the quick actions says they are there. */
async function ready() {
  const row = bubble('Are you coming?');
  await waitFor(() => {
    fireEvent.pointerOver(row, { pointerType: 'mouse' });
    expect(toolbar()).not.toBeNull();
  });
  fireEvent.pointerOut(row, { pointerType: 'mouse', relatedTarget: document.body });
  await waitFor(() => expect(toolbar()).toBeNull());
}

describe("a message's actions (issue 37)", () => {
  it('has no permanent actions button: a sent message takes the focus, a system line and a message still sending do not', async () => {
    show();
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
    expect(toolbar()).toBeNull();
    expect(bubble('Good morning').tabIndex).toBe(0);
    expect(bubble('Are you coming?').tabIndex).toBe(0);
    expect(bubble('Budi joined the group').hasAttribute('tabindex')).toBe(false);
    expect(bubble('Sending this one').hasAttribute('tabindex')).toBe(false);
    // The keys are said to a screen reader with the message.
    expect(screen.getByText('Press Enter or Shift+F10 for the message actions.').id).toBe(bubble('Are you coming?').getAttribute('aria-describedby'));
    await ready();
  });

  it('shows Like, Reply and More actions while the mouse is over a message, and runs them', async () => {
    const { room, user } = show();
    await ready();
    await user.hover(bubble('Are you coming?'));
    const actions = await waitFor(() => within(bubble('Are you coming?')).getByRole('group', { name: 'Quick actions' }));
    expect(within(actions).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Like', 'Reply', 'More actions']);
    expect(within(actions).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(within(actions).getByRole('button', { name: 'Like' }));
    expect(room.run).toHaveBeenCalledWith('react', MESSAGES[2], 'like');
    await user.click(within(actions).getByRole('button', { name: 'Reply' }));
    expect(room.startReply).toHaveBeenCalledWith(MESSAGES[2]);
    await user.click(within(actions).getByRole('button', { name: 'More actions' }));
    expect(room.openActions).toHaveBeenCalledWith(MESSAGES[2]);
    // More gives the focus to the message first: the sheet gives it back there when it closes.
    expect(document.activeElement).toBe(bubble('Are you coming?'));

    // Moving to another message moves them; leaving the list hides them.
    await user.hover(bubble('Good morning'));
    await waitFor(() => expect(within(bubble('Good morning')).queryByRole('group', { name: 'Quick actions' })).not.toBeNull());
    expect(screen.getAllByRole('group', { name: 'Quick actions' })).toHaveLength(1);
    fireEvent.pointerOut(bubble('Good morning'), { pointerType: 'mouse', relatedTarget: document.body });
    await waitFor(() => expect(toolbar()).toBeNull());
  });

  it('shows them on keyboard focus (Tab), moves with the arrows, and not on a tap', async () => {
    const { user } = show();
    await ready();
    await user.tab();
    expect(document.activeElement).toBe(bubble('Good morning'));
    await waitFor(() => expect(within(bubble('Good morning')).queryByRole('group', { name: 'Quick actions' })).not.toBeNull());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(bubble('Are you coming?'));
    await waitFor(() => expect(within(bubble('Are you coming?')).queryByRole('group', { name: 'Quick actions' })).not.toBeNull());
    expect(screen.getAllByRole('group', { name: 'Quick actions' })).toHaveLength(1);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(bubble('Good morning'));

    // A tap focuses the message it lands on, without the quick actions.
    act(() => (document.activeElement as HTMLElement).blur());
    await waitFor(() => expect(toolbar()).toBeNull());
    const target = bubble('Are you coming?');
    fireEvent.pointerDown(target, { pointerType: 'touch', isPrimary: true, pointerId: 3 });
    act(() => target.focus());
    fireEvent.pointerUp(target, { pointerType: 'touch', pointerId: 3 });
    await new Promise((done) => setTimeout(done, 20));
    expect(toolbar()).toBeNull();
  });

  it.each([
    ['Enter', { key: 'Enter' }],
    ['the context-menu key', { key: 'ContextMenu' }],
    ['Shift+F10', { key: 'F10', shiftKey: true }],
  ])('opens the actions of a focused message with %s', async (_name, key) => {
    const { room } = show();
    await ready();
    const target = bubble('Are you coming?');
    act(() => target.focus());
    const event = fireEvent.keyDown(target, key);
    expect(event).toBe(false); // the key's default (a newline, the browser's menu) held back
    expect(room.openActions).toHaveBeenCalledWith(MESSAGES[2]);
    expect(room.openActions.mock.calls[0]).toHaveLength(1); // a sheet, not a menu at a point
  });

  it('leaves Enter alone on a quick action button and on a message that has no actions', async () => {
    const { room, user } = show();
    await ready();
    expect(fireEvent.keyDown(bubble('Budi joined the group'), { key: 'Enter' })).toBe(true);
    await user.hover(bubble('Are you coming?'));
    const reply = await waitFor(() => within(bubble('Are you coming?')).getByRole('button', { name: 'Reply' }));
    fireEvent.keyDown(reply, { key: 'Enter' });
    expect(room.openActions).not.toHaveBeenCalled();
  });

  it("opens the menu at the pointer on a right-click, holding back the browser's menu on messages only", async () => {
    const { room } = show();
    await ready();
    const held = !fireEvent.contextMenu(bubble('Are you coming?'), { clientX: 140, clientY: 220 });
    expect(held).toBe(true);
    expect(room.openActions).toHaveBeenCalledWith(MESSAGES[2], { x: 140, y: 220 });
    // A system line, a message still sending and the list around them keep the browser's menu.
    expect(fireEvent.contextMenu(bubble('Budi joined the group'))).toBe(true);
    expect(fireEvent.contextMenu(bubble('Sending this one'))).toBe(true);
    expect(fireEvent.contextMenu(screen.getByTestId('message-list'))).toBe(true);
    expect(room.openActions).toHaveBeenCalledTimes(1);
  });

  it('opens the sheet after a 500 ms press on a touch screen; a shorter press or a moving finger opens nothing', async () => {
    const { room } = show();
    await ready();
    vi.useFakeTimers();
    const target = bubble('Are you coming?');
    const down = (pointerId: number) => fireEvent.pointerDown(target, { pointerType: 'touch', isPrimary: true, pointerId, clientX: 100, clientY: 300 });

    // Too short: lifted at 499 ms.
    down(1);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    fireEvent.pointerUp(target, { pointerType: 'touch', pointerId: 1 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(room.openActions).not.toHaveBeenCalled();

    // A finger that moves (a scroll) gives the press up.
    down(2);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerMove(target, { pointerType: 'touch', pointerId: 2, clientX: 100, clientY: 320 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(room.openActions).not.toHaveBeenCalled();

    // The browser taking the touch for a scroll gives it up too.
    down(3);
    fireEvent.pointerCancel(target, { pointerType: 'touch', pointerId: 3 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(room.openActions).not.toHaveBeenCalled();

    // A steady press (a small tremble allowed) opens the sheet at 500 ms.
    down(4);
    fireEvent.pointerMove(target, { pointerType: 'touch', pointerId: 4, clientX: 103, clientY: 304 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(room.openActions).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(room.openActions).toHaveBeenCalledTimes(1);
    expect(room.openActions.mock.calls[0]).toEqual([MESSAGES[2]]);
    // The click of the finger lifting is no tap on the message; Android's contextmenu after it opens nothing more.
    fireEvent.pointerUp(target, { pointerType: 'touch', pointerId: 4 });
    expect(fireEvent.click(target)).toBe(false);
    expect(fireEvent.contextMenu(target)).toBe(false);
    expect(room.openActions).toHaveBeenCalledTimes(1);
    // The next tap is a tap.
    fireEvent.pointerDown(target, { pointerType: 'touch', isPrimary: true, pointerId: 5 });
    fireEvent.pointerUp(target, { pointerType: 'touch', pointerId: 5 });
    expect(fireEvent.click(target)).toBe(true);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatHomeResponse, ChatRoom, PendingApprovalsResponse, UnreadCountResponse } from '../../../generated/http/types.gen.ts';
import { chatHomeOptions } from '../../api/chat-home.ts';
import { publish } from '../../shared/events/app-events.ts';
import { openStorage, type AppStorage } from '../../shared/storage/storage.ts';
import { createTestQueryClient } from '../../shared/testing/render-app.tsx';
import { showAppIconBadge } from './app-icon-badge.ts';
import { badgeTotal, type BadgeCounts } from './badge-math.ts';
import { setUpBadge } from './badge-setup.ts';
import { getBadgeCounts } from './badge-store.ts';

const sdk = vi.hoisted(() => ({
  getUnreadNotificationCount: vi.fn(),
  getPendingApprovals: vi.fn(),
  getChatHome: vi.fn(),
}));

vi.mock('../../../generated/http/sdk.gen.ts', () => sdk);

const room = (uuid: string, unread?: number): ChatRoom => ({
  id: uuid.length,
  uuid,
  type: 'individual',
  ...(unread === undefined ? {} : { meta: { unread_messages: unread } }),
});

const CHAT_HOME = { id: 1, user_id: 42, websocket_id: 'live-chat-home-42', groupChatUuids: [], is_chat_admin: false };

const answer = <T,>(data: T) => Promise.resolve({ data, request: new Request('http://localhost/'), response: new Response() });

function serverAnswers({ notifications = 5, approvals = 3, rooms = [room('room-a', 2), room('room-b', 4), room('room-c')] } = {}) {
  sdk.getUnreadNotificationCount.mockImplementation(() => answer<UnreadCountResponse>({ error: false, notification_unread_counts: notifications }));
  sdk.getPendingApprovals.mockImplementation(() => answer<PendingApprovalsResponse>({ error: false, total_approval: approvals }));
  sdk.getChatHome.mockImplementation(() => answer<ChatHomeResponse>({ error: false, chat_home: CHAT_HOME, chat_rooms: rooms }));
}

const counts = (unreadMessages: number, unreadNotifications: number, pendingApprovals: number): BadgeCounts => ({
  unreadMessages,
  unreadNotifications,
  pendingApprovals,
});

/** Lets the mocked calls' promise chains run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let storage: AppStorage;
let teardown: (() => void) | undefined;

beforeEach(async () => {
  sdk.getUnreadNotificationCount.mockReset();
  sdk.getPendingApprovals.mockReset();
  sdk.getChatHome.mockReset();
  storage = await openStorage({});
});

afterEach(() => {
  teardown?.();
  teardown = undefined;
});

describe('setUpBadge: only when the access type is online (SPEC §4)', () => {
  it.each([
    ['absent', undefined],
    ['offline', 'offline'],
  ])('access type %s: nothing is fetched and events change nothing', async (_label, accessType) => {
    serverAnswers();
    if (accessType !== undefined) await storage.set('CFAccessType', accessType);
    teardown = setUpBadge(storage, createTestQueryClient());
    await settle();

    expect(sdk.getUnreadNotificationCount).not.toHaveBeenCalled();
    expect(sdk.getPendingApprovals).not.toHaveBeenCalled();
    expect(sdk.getChatHome).not.toHaveBeenCalled();

    publish('chat:new-chat-room', { roomUuid: 'room-x', fromCurrentUser: false });
    publish('chat:room-opened', { uuid: 'room-x', unread: 0 });
    expect(getBadgeCounts()).toEqual(counts(0, 0, 0));
    expect(storage.get('opened_chat_room_uuid')).toBeUndefined();
  });
});

describe('setUpBadge online', () => {
  beforeEach(async () => {
    await storage.set('CFAccessType', 'online');
  });

  it('loads unread notifications, pending approvals and the sum of unread chat messages', async () => {
    serverAnswers();
    teardown = setUpBadge(storage, createTestQueryClient());
    await settle();

    expect(sdk.getUnreadNotificationCount).toHaveBeenCalledWith(expect.objectContaining({ throwOnError: true }));
    expect(sdk.getPendingApprovals).toHaveBeenCalledWith(expect.objectContaining({ throwOnError: true }));
    expect(sdk.getChatHome).toHaveBeenCalledWith(expect.objectContaining({ throwOnError: true }));
    expect(getBadgeCounts()).toEqual(counts(6, 5, 3));
    expect(badgeTotal(getBadgeCounts(), 'sum')).toBe(14);
    expect(badgeTotal(getBadgeCounts(), 'unread-messages')).toBe(6);
  });

  it.each([
    ['unread notification count', 'getUnreadNotificationCount', counts(6, 0, 3)],
    ['pending approvals', 'getPendingApprovals', counts(6, 5, 0)],
    ['chat home', 'getChatHome', counts(0, 5, 3)],
  ] as const)('a failing %s call is silent and the others are still counted', async (_label, failing, expected) => {
    serverAnswers();
    sdk[failing].mockRejectedValue(new Error('boom'));
    expect(() => (teardown = setUpBadge(storage, createTestQueryClient()))).not.toThrow();
    await settle();
    expect(getBadgeCounts()).toEqual(expected);
  });

  it('every call failing (thrown synchronously or rejected) leaves the badge empty, without throwing', async () => {
    sdk.getUnreadNotificationCount.mockImplementation(() => {
      throw new TypeError('Failed to fetch');
    });
    sdk.getPendingApprovals.mockRejectedValue(new Error('HTTP 500'));
    sdk.getChatHome.mockRejectedValue(new Error('HTTP 500'));
    expect(() => (teardown = setUpBadge(storage, createTestQueryClient()))).not.toThrow();
    await settle();
    expect(getBadgeCounts()).toEqual(counts(0, 0, 0));
  });

  it('an error in a 200 body does not count as a number', async () => {
    sdk.getUnreadNotificationCount.mockImplementation(() => answer({ error: true, status_code: 500, error_message: 'x' }));
    sdk.getPendingApprovals.mockImplementation(() => answer({ error: true, status_code: 500 }));
    sdk.getChatHome.mockImplementation(() => answer({ error: true, status_code: 500 }));
    teardown = setUpBadge(storage, createTestQueryClient());
    await settle();
    expect(getBadgeCounts()).toEqual(counts(0, 0, 0));
  });

  describe('app events', () => {
    let queryClient: ReturnType<typeof createTestQueryClient>;
    beforeEach(async () => {
      serverAnswers({ notifications: 2, approvals: 1, rooms: [room('room-a', 3), room('room-b', 4)] });
      queryClient = createTestQueryClient();
      teardown = setUpBadge(storage, queryClient);
      await settle();
      expect(getBadgeCounts()).toEqual(counts(7, 2, 1));
    });

    it("chat:room-opened records the open room and takes its unread messages off", () => {
      publish('chat:room-opened', { uuid: 'room-a', unread: 3 });
      expect(storage.get('opened_chat_room_uuid')).toBe('room-a');
      expect(getBadgeCounts()).toEqual(counts(4, 2, 1));
    });

    it('chat:room-left forgets the open room', () => {
      publish('chat:room-opened', { uuid: 'room-a', unread: 3 });
      publish('chat:room-left', {});
      expect(storage.get('opened_chat_room_uuid')).toBeUndefined();
    });

    it('chat:new-chat-room for the open room does not add', () => {
      publish('chat:room-opened', { uuid: 'room-a', unread: 3 });
      publish('chat:new-chat-room', { roomUuid: 'room-a', fromCurrentUser: false });
      expect(getBadgeCounts().unreadMessages).toBe(4);
    });

    it('chat:new-chat-room for another room adds one', () => {
      publish('chat:room-opened', { uuid: 'room-a', unread: 3 });
      publish('chat:new-chat-room', { roomUuid: 'room-b', fromCurrentUser: false });
      expect(getBadgeCounts().unreadMessages).toBe(5);
    });

    it('chat:new-chat-room for a room that was left adds one again', () => {
      publish('chat:room-opened', { uuid: 'room-a', unread: 3 });
      publish('chat:room-left', {});
      publish('chat:new-chat-room', { roomUuid: 'room-a', fromCurrentUser: false });
      expect(getBadgeCounts().unreadMessages).toBe(5);
    });

    describe('a message whose live_chat and new_chat_room events both arrive is counted once, in either order', () => {
      const AT = '2026-11-29T10:00:00.000Z';
      /** What the chat feature does with the live_chat event: room-b's last message and its unread count (from 4 to 5) in the cached chat home. */
      const liveChat = () =>
        queryClient.setQueryData(chatHomeOptions().queryKey, (home) =>
          home && 'chat_rooms' in home ? { ...home, chat_rooms: [room('room-a', 3), { ...room('room-b', 5), last_message: { message_content: 'Hi', created_at: AT } }] } : home,
        );
      const newChatRoom = () => publish('chat:new-chat-room', { roomUuid: 'room-b', fromCurrentUser: false, lastMessageAt: AT });

      it('live_chat first', () => {
        liveChat();
        expect(getBadgeCounts().unreadMessages).toBe(8);
        newChatRoom();
        expect(getBadgeCounts().unreadMessages).toBe(8);
      });

      it('new_chat_room first', () => {
        newChatRoom();
        expect(getBadgeCounts().unreadMessages).toBe(8);
        liveChat();
        expect(getBadgeCounts().unreadMessages).toBe(8);
      });

      it('a later message of the same room still adds one', () => {
        liveChat();
        publish('chat:new-chat-room', { roomUuid: 'room-b', fromCurrentUser: false, lastMessageAt: '2026-11-29T10:00:05.000Z' });
        expect(getBadgeCounts().unreadMessages).toBe(9);
      });
    });

    it("chat:new-chat-room from the current user does not add", () => {
      publish('chat:new-chat-room', { roomUuid: 'room-b', fromCurrentUser: true });
      expect(getBadgeCounts().unreadMessages).toBe(7);
    });

    it('notification:read takes one unread notification off, never below 0', () => {
      publish('notification:read', {});
      expect(getBadgeCounts()).toEqual(counts(7, 1, 1));
      publish('notification:read', {});
      publish('notification:read', {});
      expect(getBadgeCounts()).toEqual(counts(7, 0, 1));
    });

    it('teardown resets the counts and stops following the events', () => {
      teardown!();
      teardown = undefined;
      expect(getBadgeCounts()).toEqual(counts(0, 0, 0));

      publish('chat:new-chat-room', { roomUuid: 'room-b', fromCurrentUser: false });
      publish('chat:room-opened', { uuid: 'room-z', unread: 0 });
      expect(getBadgeCounts()).toEqual(counts(0, 0, 0));
      expect(storage.get('opened_chat_room_uuid')).toBeUndefined();
    });
  });

  it('answers that arrive after teardown (a logout during the start) do not put the old counts back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    sdk.getUnreadNotificationCount.mockImplementation(() => gate.then(() => answer<UnreadCountResponse>({ notification_unread_counts: 5 })));
    sdk.getPendingApprovals.mockImplementation(() => gate.then(() => answer<PendingApprovalsResponse>({ total_approval: 3 })));
    sdk.getChatHome.mockImplementation(() => gate.then(() => answer<ChatHomeResponse>({ chat_home: CHAT_HOME, chat_rooms: [room('room-a', 2)] })));

    const stop = setUpBadge(storage, createTestQueryClient());
    stop();
    teardown = stop; // afterEach resets the store again, whatever this test finds.
    release();
    await settle();
    expect(getBadgeCounts()).toEqual(counts(0, 0, 0));
  });

  it('the installed app icon shows the same total', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true });
    Object.defineProperty(navigator, 'clearAppBadge', { value: clearAppBadge, configurable: true });
    try {
      serverAnswers({ notifications: 0, approvals: 0, rooms: [room('room-a', 2)] });
      teardown = setUpBadge(storage, createTestQueryClient());
      await settle();
      expect(setAppBadge).toHaveBeenLastCalledWith(2);

      teardown();
      teardown = undefined;
      expect(clearAppBadge).toHaveBeenCalled();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).setAppBadge;
      delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
    }
  });
});

describe('showAppIconBadge', () => {
  type Badging = { setAppBadge?: unknown; clearAppBadge?: unknown };
  const install = (api: Badging) => {
    for (const [name, value] of Object.entries(api)) Object.defineProperty(navigator, name, { value, configurable: true });
  };

  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).setAppBadge;
    delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
  });

  it.each([1, 12, 150])('sets the count above 0 (%s)', (total) => {
    const api = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    install(api);
    showAppIconBadge(total);
    expect(api.setAppBadge).toHaveBeenCalledTimes(1);
    expect(api.setAppBadge).toHaveBeenCalledWith(total);
    expect(api.clearAppBadge).not.toHaveBeenCalled();
  });

  it('clears the badge at 0', () => {
    const api = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    install(api);
    showAppIconBadge(0);
    expect(api.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(api.setAppBadge).not.toHaveBeenCalled();
  });

  it('does nothing (and does not throw) where the Badging API is missing', () => {
    expect('setAppBadge' in navigator).toBe(false);
    expect(() => showAppIconBadge(3)).not.toThrow();
    expect(() => showAppIconBadge(0)).not.toThrow();
  });

  it('does nothing when only half of the API exists', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    install({ setAppBadge });
    showAppIconBadge(3);
    expect(setAppBadge).not.toHaveBeenCalled();
  });

  it('a refused badge (not installed, not allowed) is not an unhandled rejection', async () => {
    // Plain functions: a vi.fn would mark the promises it returns as handled.
    const calls: string[] = [];
    install({
      setAppBadge: (count: number) => {
        calls.push(`set ${count}`);
        return Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(() => showAppIconBadge(3)).not.toThrow();
      expect(() => showAppIconBadge(0)).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toEqual(['set 3', 'clear']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

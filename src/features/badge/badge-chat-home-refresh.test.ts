// @vitest-environment happy-dom
// SPEC §7: a live_chat event refreshes the chat home; the badge's unread-message count follows it.
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatHomeResponse } from '../../../generated/http/types.gen.ts';
import { publish } from '../../shared/events/app-events.ts';
import { openStorage } from '../../shared/storage/storage.ts';
import { createTestQueryClient } from '../../shared/testing/render-app.tsx';
import { setUpBadge } from './badge-setup.ts';
import { getBadgeCounts } from './badge-store.ts';

const sdk = vi.hoisted(() => ({
  getUnreadNotificationCount: vi.fn(() => Promise.reject(new Error('not under test'))),
  getPendingApprovals: vi.fn(() => Promise.reject(new Error('not under test'))),
  getChatHome: vi.fn(),
}));
vi.mock('../../../generated/http/sdk.gen.ts', () => sdk);

const chatHome = (unread: number) =>
  Promise.resolve({ data: { error: false, chat_home: { id: 1, user_id: 42, websocket_id: 'live-chat-home-42', groupChatUuids: [], is_chat_admin: false }, chat_rooms: [{ id: 1, uuid: 'room-1', type: 'individual', meta: { unread_messages: unread } }] } satisfies ChatHomeResponse });

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let teardown: (() => void) | undefined;
afterEach(() => teardown?.());

it('chat:home-stale fetches the chat home again and takes its unread count', async () => {
  const storage = await openStorage({});
  await storage.set('CFAccessType', 'online');
  sdk.getChatHome.mockImplementationOnce(() => chatHome(2)).mockImplementationOnce(() => chatHome(9));
  teardown = setUpBadge(storage, createTestQueryClient());
  await settle();
  expect(getBadgeCounts().unreadMessages).toBe(2);

  publish('chat:home-stale', {});
  await settle();
  expect(sdk.getChatHome).toHaveBeenCalledTimes(2);
  expect(getBadgeCounts().unreadMessages).toBe(9);
});

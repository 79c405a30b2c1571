// Live chat in the built app against the stateful chat sandbox: two employees chat live, and the chat
// list beside the room on a wide screen (its layout) or alone on a phone. The list's order, its search,
// its rows' pictures and which row is selected are proven beside their code
// (src/features/chat/list/chat-list-screen.test.tsx); the v1 family's journey is in chat-extras.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, liveChatListeners, openRoom, send, signInAs, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

test('two employees exchange messages live in their direct chat', async ({ browser, request }) => {
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await signInAs(budi, 'budi.santoso', 'Budi Santoso', { home: false });
  await openRoom(ayu, DIRECT_ROOM);
  await openRoom(budi, DIRECT_ROOM);
  await expect(ayu.getByTestId('room-title')).toHaveText('Budi Santoso');
  await expect(budi.getByTestId('room-title')).toHaveText('Ayu Lestari');
  await liveChatListeners(request, 2);

  const hello = `Halo Budi ${Date.now()}`;
  await send(ayu, hello);
  await expect(ayu.getByTestId('message').filter({ hasText: hello })).toHaveAttribute('data-delivery', 'sent');
  await expect(budi.getByTestId('message').filter({ hasText: hello })).toBeVisible();

  const reply = `Siap, Bu ${Date.now()}`;
  await send(budi, reply);
  await expect(ayu.getByTestId('message').filter({ hasText: reply })).toBeVisible();
  await expect(ayu.getByTestId('message').filter({ hasText: hello })).toHaveCount(1);
  await expect(budi.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
});

// Rizky Pratama (57) started this direct chat with Ayu (42) in the sandbox's seed.
const RIZKY_ROOM = '9b2e4d6f-8a1c-4e3b-b5d7-0f2a4c6e8b1d';
const rowOf = (page: Page, uuid: string) => page.locator(`[data-testid="chat-room-row"][data-room-uuid="${uuid}"]`);

test('wide screens show the chat list beside the room, the picked row selected; on a phone /chats is the list alone and a room a screen of its own', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await page.goto('/chats');
  await expect(page.getByText('Select a chat to start messaging')).toBeVisible();
  await rowOf(page, DIRECT_ROOM).click();
  await expect(page).toHaveURL(/\/chats\/chat\?uuid=b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d$/);
  await expect(page.getByTestId('message-list')).toBeVisible();
  await expect(rowOf(page, DIRECT_ROOM)).toBeVisible();
  await expect(rowOf(page, DIRECT_ROOM)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-testid="chat-room-row"][aria-current="page"]')).toHaveCount(1);
  // Side by side: the list to the left of the room.
  const list = await rowOf(page, DIRECT_ROOM).boundingBox();
  const room = await page.getByTestId('message-list').boundingBox();
  expect(list!.x + list!.width).toBeLessThanOrEqual(room!.x + 1);
  // The list is right there: the room's header has no phone Back (issue 37).
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  // The account entry stays where /chats had it, in the list's header, once (not again in the room's).
  await expect(page.getByRole('button', { name: 'Account and settings, Ayu Lestari' })).toHaveCount(1);

  // Another chat from the list opens in the same place; the selection follows.
  await rowOf(page, RIZKY_ROOM).click();
  await expect(page).toHaveURL(new RegExp(`uuid=${RIZKY_ROOM}$`));
  await expect(rowOf(page, RIZKY_ROOM)).toHaveAttribute('aria-current', 'page');
  await expect(rowOf(page, DIRECT_ROOM)).not.toHaveAttribute('aria-current', 'page');

  // A phone's width: the list alone, and a room on a screen of its own.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chats');
  await expect(rowOf(page, DIRECT_ROOM)).toBeVisible();
  await expect(page.getByText('Select a chat to start messaging')).toHaveCount(0);
  await rowOf(page, DIRECT_ROOM).click();
  await expect(page.getByTestId('message-list')).toBeVisible();
  await expect(page.getByTestId('chat-room-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
});

// Live chat in the built app against the stateful chat sandbox: two employees chat live.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, liveChatListeners, openRoom, send, signInAs, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

test('two employees exchange messages live in their direct chat', async ({ browser, request }) => {
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
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

test('the v1 family: /live-chat lists the rooms, a row opens /live-chat/chat-room on the v1 calls', async ({ page }) => {
  const v1Calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/live-chat/') || path.startsWith('/api/v2/live-chat/')) v1Calls.push(`${request.method()} ${path}`);
  });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await page.goto('/live-chat');
  const rows = page.getByTestId('chat-room-row');
  await expect(rows.first()).toBeVisible();
  // Pinned rooms come first: the pinned group, then the rest by last activity.
  await expect(rows.first()).toContainText('Tim Operasional Jakarta');
  await page.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`).click(); // other rooms may mention Budi too
  await expect(page).toHaveURL(/\/live-chat\/chat-room\?uuid=b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d$/);
  await send(page, `Lewat v1 ${Date.now()}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Lewat v1' }).last()).toHaveAttribute('data-delivery', 'sent');
  expect(v1Calls).toEqual(expect.arrayContaining(['POST /api/live-chat/view-chat', 'POST /api/live-chat/reset-meta', 'POST /api/live-chat/send']));
  expect(v1Calls.filter((call) => call.includes('/v2/'))).toEqual([]);

  // The search narrows the list through GET /live-chat/search.
  await page.goto('/live-chat');
  await page.getByRole('searchbox', { name: 'Search chats' }).fill('budi');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Budi Santoso');
});

// Rizky Pratama (57) started this direct chat with Ayu (42) in the sandbox's seed.
const RIZKY_ROOM = '9b2e4d6f-8a1c-4e3b-b5d7-0f2a4c6e8b1d';
const rowOf = (page: Page, uuid: string) => page.locator(`[data-testid="chat-room-row"][data-room-uuid="${uuid}"]`);

test("a direct chat the other person started shows the other person's picture, not one's own", async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await page.goto('/chats');
  // Rizky's (57) picture on the room Rizky started; Budi's (43) on the one Ayu started.
  await expect(rowOf(page, RIZKY_ROOM).locator('img')).toHaveAttribute('src', /\/avatars\/57\.svg/);
  await expect(rowOf(page, DIRECT_ROOM).locator('img')).toHaveAttribute('src', /\/avatars\/43\.svg/);
});

test.describe('wide screens: the chat list beside the room', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('/chats shows the list and an empty pane; a picked chat opens beside the list, its row selected', async ({ page }) => {
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
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

    // Another chat from the list opens in the same place; the selection follows.
    await rowOf(page, RIZKY_ROOM).click();
    await expect(page).toHaveURL(new RegExp(`uuid=${RIZKY_ROOM}$`));
    await expect(rowOf(page, RIZKY_ROOM)).toHaveAttribute('aria-current', 'page');
    await expect(rowOf(page, DIRECT_ROOM)).not.toHaveAttribute('aria-current', 'page');
  });
});

test('phones: /chats is the list alone, and a room is a screen of its own', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await page.goto('/chats');
  await expect(rowOf(page, DIRECT_ROOM)).toBeVisible();
  await expect(page.getByText('Select a chat to start messaging')).toHaveCount(0);
  await rowOf(page, DIRECT_ROOM).click();
  await expect(page.getByTestId('message-list')).toBeVisible();
  await expect(page.getByTestId('chat-room-row')).toHaveCount(0);
});

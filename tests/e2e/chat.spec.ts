// Live chat in the built app against the stateful chat sandbox: two employees chat live.
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

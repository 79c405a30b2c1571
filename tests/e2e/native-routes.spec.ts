// The routes of SPEC §2 that name what the app already does natively (issue 24, item 1): social, chat
// and social-group open the Chat tab's list, messages/attendee the attendee list, messages/direct-chat a
// direct chat; Home's Services offer each thing once.
import { expect, test } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, liveChatListeners, send, signInAs, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

// Ayu's direct chat with Budi, by its room (a group another test of this worker made may name him too).
const directRow = (page: import('@playwright/test').Page) => page.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`);
// The tab's name is "Chat", then what its badge counts ("Chat 23, 10 unread messages, ..."), as the other specs find it.
const chatTab = (page: import('@playwright/test').Page) => page.getByRole('navigation').getByRole('link', { name: /^Chat\b/ });

test('social and chat open the chat list in the Chat tab; social-group its group chats; messages/attendee the attendee list with its call', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  for (const alias of ['/social', '/chat']) {
    await page.goto(alias);
    await expect(page, alias).toHaveURL(/\/chats$/);
    await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
    await expect(chatTab(page)).toHaveAttribute('aria-current', 'page');
    await expect(directRow(page)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  }

  const all = await page.getByTestId('chat-room-row').count();
  await page.goto('/social-group');
  await expect(page).toHaveURL(/\/chats\?filter=groups$/);
  await expect(page.getByRole('button', { name: 'Groups', pressed: true })).toBeVisible();
  await expect(page.getByTestId('chat-room-row').filter({ hasText: 'Tim Operasional Jakarta' })).toBeVisible();
  await expect(directRow(page)).toHaveCount(0);
  expect(await page.getByTestId('chat-room-row').count()).toBeLessThan(all);
  // Back to every chat: the address drops the filter.
  await page.getByRole('button', { name: 'All', pressed: false }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(directRow(page)).toBeVisible();

  await page.goto('/messages/attendee?chat_room_call_id=77');
  await expect(page).toHaveURL(/\/video-call\/attendee\?chat_room_call_id=77$/);
  await expect(page.getByRole('heading', { name: 'Attendees', level: 1 })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('messages/direct-chat from a link shows whom it is with and writes nothing; Start chat opens the room, and a message there reaches the other window', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
  const writes: string[] = [];
  ayu.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/live-chat/start-individual-chat') writes.push(sent.url());
  });

  await ayu.goto('/messages/direct-chat?user_id=43');
  const preview = ayu.getByTestId('direct-chat-preview');
  await expect(preview.getByRole('heading', { name: 'Budi Santoso' })).toBeVisible();
  await expect(preview.getByText('Start a chat with Budi Santoso?')).toBeVisible();
  // Nothing written by opening it; a write the preview made late would show in the count after Start chat.
  expect(writes).toEqual([]);

  await preview.getByRole('button', { name: 'Start chat' }).click();
  await expect(ayu).toHaveURL(new RegExp(`/chats/chat\\?uuid=${DIRECT_ROOM}$`));
  await expect(ayu.getByTestId('room-title')).toHaveText('Budi Santoso');
  expect(writes).toHaveLength(1);

  await budi.goto(`/messages/direct-chat?uuid=${DIRECT_ROOM}`);
  await expect(budi).toHaveURL(new RegExp(`/chats/chat\\?uuid=${DIRECT_ROOM}$`));
  await expect(budi.getByTestId('room-title')).toHaveText('Ayu Lestari');
  await liveChatListeners(request, 2);
  const hello = `From a link ${Date.now()}`;
  await send(ayu, hello);
  await expect(budi.getByTestId('message').filter({ hasText: hello })).toBeVisible();

  // Back from the room does not land on the start screen again (it was replaced).
  await ayu.goBack();
  await expect(ayu).not.toHaveURL(/direct-chat/);

  // Without a person or a room: the chat list with the Start Live Chat modal.
  await ayu.goto('/messages/direct-chat');
  await expect(ayu).toHaveURL(/\/chats$/);
  await expect(ayu.getByRole('dialog', { name: 'Start Live Chat' })).toBeVisible();
});

test("Home's Services offer each thing once: no Chat, Live chat or Notifications tile beside the Chat tab and the bell", async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  const services = page.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('link', { name: 'Online meetings' })).toBeVisible();
  for (const name of ['Chat', 'Live chat', 'Notifications', 'Attachment', 'Messages', 'Social groups']) await expect(services.getByRole('link', { name, exact: true })).toHaveCount(0);
});

// Live chat beyond the spec between two windows: read receipts ("Seen" in a direct chat, "Seen by n of
// m" with who in a group), forwarding to another room, replies, reactions live for every member, and an
// edit's mark; and the v1 family (/live-chat) from its list to a reply, on v1 calls only. Both windows
// are signed in once and go through every step, as one employee's day would.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, GROUP_ROOM, liveChatListeners, openMessageActions, openRoom, send, signInAs, tapInList, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

/** The message holding this text (not a reply that quotes it). */
const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text }).filter({ hasNot: page.getByTestId('reply-quote').filter({ hasText: text }) });

async function act(page: Page, text: string, action: string): Promise<void> {
  await (await openMessageActions(message(page, text))).getByRole('button', { name: action, exact: true }).click();
}

async function twoWindows(browser: import('@playwright/test').Browser) {
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
  return { ayu, budi };
}

test('two windows: receipts Sent then Seen, "Seen by 1 of n" with who; a forward marked Forwarded; a reply quotes and jumps; reactions and an edit show live for both', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { ayu, budi } = await twoWindows(browser);
  await openRoom(ayu, DIRECT_ROOM);
  await liveChatListeners(request, 2);
  const direct = `Sudah dibaca? ${Date.now()}`;

  await test.step('read receipts: Sent, then Seen once Budi reads; in a group "Seen by 1 of n" lists Budi', async () => {
    await send(ayu, direct);
    const receipt = message(ayu, direct).getByTestId('read-receipt');
    await expect(receipt).toHaveText('Sent');
    await openRoom(budi, DIRECT_ROOM);
    await expect(receipt).toHaveText('Seen');

    await openRoom(ayu, GROUP_ROOM);
    const group = `Rapat jam 10 ${Date.now()}`;
    await send(ayu, group);
    await expect(message(ayu, group).getByTestId('read-receipt')).toHaveText('Sent');
    await openRoom(budi, GROUP_ROOM);
    const seenBy = message(ayu, group).getByTestId('read-receipt');
    await expect(seenBy).toHaveText(/^Seen by 1 of \d+$/);
    await tapInList(seenBy);
    const readers = ayu.getByRole('dialog', { name: 'Message info' });
    await expect(readers.getByRole('list', { name: 'Read by 1' })).toContainText('Budi Santoso');
    await expect(readers.getByRole('list', { name: /^Not read yet/ })).toBeVisible();
    await readers.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a forward reaches the group marked Forwarded', async () => {
    // Ayu forwards her direct-chat message to the group: Budi, in the group, sees it marked Forwarded.
    await openRoom(ayu, DIRECT_ROOM);
    await act(ayu, direct, 'Forward');
    const sheet = ayu.getByRole('dialog', { name: 'Forward to' });
    await sheet.getByRole('searchbox', { name: 'Search chats' }).fill('Tim Operasional');
    await sheet.getByRole('checkbox', { name: 'Tim Operasional Jakarta' }).check();
    await sheet.getByRole('button', { name: 'Forward to 1 chat' }).click();
    await expect(ayu.getByText('Forwarded to 1 chat')).toBeVisible();
    const forwarded = message(budi, direct);
    await expect(forwarded.getByTestId('message-forwarded')).toHaveText('Forwarded');
  });

  await openRoom(budi, DIRECT_ROOM);
  await liveChatListeners(request, 2);
  const question = `Stok Cikarang aman? ${Date.now()}`;
  const answer = `Aman, Pak ${Date.now()}`;

  await test.step('a reply quotes what it answers for both people, and tapping the quote goes to it', async () => {
    await send(budi, question);
    await expect(message(ayu, question)).toBeVisible();

    await act(ayu, question, 'Reply');
    await expect(ayu.getByTestId('reply-bar')).toContainText('Replying to Budi Santoso');
    await expect(ayu.getByRole('textbox', { name: 'Type a message' })).toBeFocused();
    await send(ayu, answer);
    await expect(ayu.getByTestId('reply-bar')).toHaveCount(0);
    for (const page of [ayu, budi]) {
      const quote = message(page, answer).getByTestId('reply-quote');
      await expect(quote).toContainText('Budi Santoso');
      await expect(quote).toContainText(question);
    }
    await expect(message(ayu, answer)).toHaveAttribute('data-delivery', 'sent');
    await tapInList(message(budi, answer).getByTestId('reply-quote'));
    await expect(message(budi, question)).toHaveClass(/highlighted/);
  });

  await test.step('reactions count live for both', async () => {
    // Budi likes the answer: both see one like, pressed only for him; Ayu's own like makes two.
    await (await openMessageActions(message(budi, answer))).getByRole('group', { name: 'React' }).getByRole('button', { name: 'Like' }).click();
    const budiLike = message(budi, answer).getByTestId('message-reactions').getByRole('button', { name: 'Like, 1 person' });
    await expect(budiLike).toHaveAttribute('aria-pressed', 'true');
    const ayuLike = message(ayu, answer).getByTestId('message-reactions').getByRole('button', { name: 'Like, 1 person' });
    await expect(ayuLike).toHaveAttribute('aria-pressed', 'false');
    await tapInList(ayuLike);
    await expect(message(ayu, answer).getByRole('button', { name: 'Like, 2 people' })).toHaveAttribute('aria-pressed', 'true');
    await expect(message(budi, answer).getByRole('button', { name: 'Like, 2 people' })).toHaveAttribute('aria-pressed', 'true');
    // Budi takes his away.
    await tapInList(message(budi, answer).getByRole('button', { name: 'Like, 2 people' }));
    await expect(message(ayu, answer).getByRole('button', { name: 'Like, 1 person' })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step("an edit shows \"edited\" live in both windows, and the edit's own live event does not take it away", async () => {
    const text = `Rapat jam 3 ${Date.now()}`;
    await send(ayu, text);
    await expect(message(ayu, text)).toHaveAttribute('data-delivery', 'sent');
    await expect(message(budi, text)).toBeVisible();

    await act(ayu, text, 'Edit');
    const field = ayu.getByRole('textbox', { name: 'Type a message' });
    await expect(field).toHaveValue(text);
    const fixed = `${text}, ruang B`;
    await field.fill(fixed);
    await field.press('Enter');
    for (const page of [ayu, budi]) await expect(message(page, fixed).getByText('edited', { exact: true })).toBeVisible();

    // Events on one socket arrive in order: once Budi's next message shows in Ayu's window, the edit's own
    // event reached her before it, and the mark is still there.
    const next = `Oke ${Date.now()}`;
    await send(budi, next);
    await expect(message(ayu, next)).toBeVisible();
    for (const page of [ayu, budi]) await expect(message(page, fixed).getByText('edited', { exact: true })).toBeVisible();
  });
});

test('the v1 family: /live-chat lists the rooms, a row opens /live-chat/chat-room, whose sends and replies (reply_to_message_uuid) go through the v1 calls only', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/live-chat/') || path.startsWith('/api/v2/live-chat/')) calls.push(`${request.method()} ${path}`);
  });
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await page.goto('/live-chat');
  await page.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/live-chat/chat-room\\?uuid=${DIRECT_ROOM}$`));
  await expect(page.getByTestId('message-list')).toBeVisible();

  const first = `v1 first ${Date.now()}`;
  await send(page, first);
  await expect(message(page, first)).toHaveAttribute('data-delivery', 'sent');
  await act(page, first, 'Reply');
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/live-chat/send' && (request.postDataJSON() as { reply_to_message_uuid?: string }).reply_to_message_uuid !== undefined);
  const second = `v1 reply ${Date.now()}`;
  await send(page, second);
  await sent;
  await expect(message(page, second).getByTestId('reply-quote')).toContainText(first);
  expect(calls).toEqual(expect.arrayContaining(['POST /api/live-chat/view-chat', 'POST /api/live-chat/reset-meta', 'POST /api/live-chat/send']));
  expect(calls.filter((call) => call.includes('/v2/'))).toEqual([]);
});

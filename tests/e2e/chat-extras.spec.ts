// Live chat beyond the spec between two windows (issue 24, item 4): replies (both API families),
// reactions live for every member, forwarding to another room, and read receipts ("Seen" in a direct
// chat, "Seen by n of m" with who in a group).
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, GROUP_ROOM, liveChatListeners, openRoom, send, signInAs, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

/** The message holding this text (not a reply that quotes it). */
const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text }).filter({ hasNot: page.getByTestId('reply-quote').filter({ hasText: text }) });

async function act(page: Page, text: string, action: string): Promise<void> {
  await message(page, text).getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('dialog', { name: 'Message actions' }).getByRole('button', { name: action, exact: true }).click();
}

async function twoWindows(browser: import('@playwright/test').Browser) {
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await signInAs(budi, 'budi.santoso', 'Budi Santoso');
  return { ayu, budi };
}

test('a reply quotes what it answers for both people, and tapping the quote goes to it; reactions count live for both', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ayu, budi } = await twoWindows(browser);
  await openRoom(ayu, DIRECT_ROOM);
  await openRoom(budi, DIRECT_ROOM);
  await liveChatListeners(request, 2);

  const question = `Stok Cikarang aman? ${Date.now()}`;
  await send(budi, question);
  await expect(message(ayu, question)).toBeVisible();

  await act(ayu, question, 'Reply');
  await expect(ayu.getByTestId('reply-bar')).toContainText('Replying to Budi Santoso');
  await expect(ayu.getByRole('textbox', { name: 'Type a message' })).toBeFocused();
  const answer = `Aman, Pak ${Date.now()}`;
  await send(ayu, answer);
  await expect(ayu.getByTestId('reply-bar')).toHaveCount(0);
  for (const page of [ayu, budi]) {
    const quote = message(page, answer).getByTestId('reply-quote');
    await expect(quote).toContainText('Budi Santoso');
    await expect(quote).toContainText(question);
  }
  await expect(message(ayu, answer)).toHaveAttribute('data-delivery', 'sent');
  await message(budi, answer).getByTestId('reply-quote').click();
  await expect(message(budi, question)).toHaveClass(/highlighted/);

  // Budi likes the answer: both see one like, pressed only for him; Ayu's own like makes two.
  await message(budi, answer).getByRole('button', { name: 'Message actions' }).click();
  await budi.getByRole('dialog', { name: 'Message actions' }).getByRole('group', { name: 'React' }).getByRole('button', { name: 'Like' }).click();
  const budiLike = message(budi, answer).getByTestId('message-reactions').getByRole('button', { name: 'Like, 1 person' });
  await expect(budiLike).toHaveAttribute('aria-pressed', 'true');
  const ayuLike = message(ayu, answer).getByTestId('message-reactions').getByRole('button', { name: 'Like, 1 person' });
  await expect(ayuLike).toHaveAttribute('aria-pressed', 'false');
  await ayuLike.click();
  await expect(message(ayu, answer).getByRole('button', { name: 'Like, 2 people' })).toHaveAttribute('aria-pressed', 'true');
  await expect(message(budi, answer).getByRole('button', { name: 'Like, 2 people' })).toHaveAttribute('aria-pressed', 'true');
  // Budi takes his away.
  await message(budi, answer).getByRole('button', { name: 'Like, 2 people' }).click();
  await expect(message(ayu, answer).getByRole('button', { name: 'Like, 1 person' })).toHaveAttribute('aria-pressed', 'true');
});

test('replies on the v1 family too: /live-chat/chat-room sends reply_to_message_uuid and shows the quote', async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  await openRoom(page, DIRECT_ROOM, 'live-chat');
  const first = `v1 first ${Date.now()}`;
  await send(page, first);
  await expect(message(page, first)).toHaveAttribute('data-delivery', 'sent');
  await act(page, first, 'Reply');
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/live-chat/send' && (request.postDataJSON() as { reply_to_message_uuid?: string }).reply_to_message_uuid !== undefined);
  const second = `v1 reply ${Date.now()}`;
  await send(page, second);
  await sent;
  await expect(message(page, second).getByTestId('reply-quote')).toContainText(first);
});

test('read receipts: Sent, then Seen once Budi reads; in a group "Seen by 1 of n" lists Budi; a forward reaches the group marked Forwarded', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ayu, budi } = await twoWindows(browser);
  await openRoom(ayu, DIRECT_ROOM);
  await liveChatListeners(request, 2);
  const direct = `Sudah dibaca? ${Date.now()}`;
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
  await seenBy.click();
  const readers = ayu.getByRole('dialog', { name: 'Message info' });
  await expect(readers.getByRole('list', { name: 'Read by 1' })).toContainText('Budi Santoso');
  await expect(readers.getByRole('list', { name: /^Not read yet/ })).toBeVisible();
  await readers.getByRole('button', { name: 'Close' }).click();

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

test('an edit shows "edited" live in both windows, and the edit\'s own live event does not take it away', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ayu, budi } = await twoWindows(browser);
  await openRoom(ayu, DIRECT_ROOM);
  await openRoom(budi, DIRECT_ROOM);
  await liveChatListeners(request, 2);
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

// A chat room in the built app against the chat sandbox, behind nginx: an upload with its progress that
// arrives as a downloadable message, and a sticker that arrives as its picture; nginx passing on the
// sandbox's 413 for a file too large; pinning and jumping to a pinned message deep in a 10,000-message
// room; the Chat badge falling by a room's unread count when it is opened, and staying down when a room
// is left a moment after a live message (SPEC §4, §9). What the upload modal, the room menu's mute and
// the read-mark bookkeeping do inside one screen is proven beside their code
// (src/features/chat/upload/upload-file-modal.test.tsx, src/features/chat/room/chat-room-screen.test.tsx).
import { expect, test, type Page } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, GROUP_ROOM, openMessageActions, openRoom, send, signInAs, tokenOf, watchChatHome, windowOf } from './support/chat.ts';

test.afterEach(closeWindows);

const ARCHIVE_ROOM = '3f8a1c5e-2b7d-4e9f-a6c3-8d1e5f7a9b20';
/** Message 1,234 of the archive's 10,000 (the sandbox numbers their uuids). */
const DEEP_MESSAGE = `a5c1e2d3-0000-4000-8000-${(1234).toString(16).padStart(12, '0')}`;

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Attach a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a file uploads with a moving progress bar and arrives as a downloadable message; a sticker arrives as its picture', async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, DIRECT_ROOM);

  await test.step('a file', async () => {
    const dialog = await openUpload(page);
    // 1.5 MB: the sandbox reads uploads at 2 MB/s, so the bar has time to move.
    const bytes = Buffer.alloc(1_500_000, 7);
    const name = `stok-desember-${Date.now()}.bin`;
    await dialog.getByLabel('Choose a file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
    await dialog.getByPlaceholder('Message... (Optional)').fill('Laporan stok Desember');
    await dialog.getByRole('button', { name: 'Upload File' }).click();

    const bar = dialog.getByTestId('upload-progress');
    await expect(bar).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload File' })).toBeDisabled();
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 5000 }).toBeGreaterThan(0);
    await expect(dialog).toBeHidden({ timeout: 15_000 });

    const message = page.getByTestId('message').filter({ hasText: name });
    await expect(message).toContainText('Laporan stok Desember');
    const href = await message.getByRole('link', { name: 'Download' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect((await download.body()).equals(bytes)).toBe(true);
  });

  await test.step('a sticker', async () => {
    const before = await page.getByRole('img', { name: 'Semangat' }).count();
    await page.getByRole('button', { name: 'Stickers' }).click();
    const picker = page.getByRole('dialog', { name: 'Stickers' });
    await picker.getByRole('button', { name: 'Semangat' }).click();
    await expect(picker).toBeHidden();
    const sticker = page.getByTestId('message').getByRole('img', { name: 'Semangat' });
    await expect(sticker).toHaveCount(before + 1);
    await expect.poll(() => sticker.last().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });
});

test('an upload too large for the sandbox (over 5 MB) comes back through nginx as 413, which the modal words as too large', async ({ request }) => {
  // The modal's wording for a 413 and its staying open: upload-file-modal.test.tsx. Here the journey's
  // other half: nginx passes the sandbox's refusal on (not a 502 while it still writes the body).
  const token = await tokenOf(request, 'ayu.lestari');
  const answer = await request.post('/api/v2/live-chat/upload-file', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    multipart: { uuid: DIRECT_ROOM, file: { name: 'video-besar.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(6 * 1024 * 1024, 1) } },
  });
  expect(answer.status()).toBe(413);
});

test('a pinned message deep in a 10,000-message room: jump to it, back to latest, unpin; a pin from the message actions shows the pinned bar', async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  const token = await tokenOf(page.request, 'ayu.lestari');
  const pinned = await page.request.post('/api/live-chat/pin-message', {
    headers: { Authorization: `Bearer ${token}` },
    data: { message_uuid: DEEP_MESSAGE, chat_room_uuid: ARCHIVE_ROOM },
  });
  expect(pinned.ok()).toBe(true);

  await openRoom(page, ARCHIVE_ROOM);
  const bar = page.getByTestId('pinned-bar');
  await expect(bar).toBeVisible();
  await bar.getByRole('button').first().click();
  const target = page.locator(`[data-message-uuid="${DEEP_MESSAGE}"]`);
  await expect(target).toBeInViewport();
  expect(await page.getByTestId('message').count()).toBeLessThanOrEqual(60);

  await page.getByRole('button', { name: 'Back to latest' }).click();
  await expect(target).toHaveCount(0);

  // The most recently pinned comes first in the list; unpinning it leaves the room's other pins.
  const count = bar.getByRole('button', { name: /\d+ pinned/ });
  const pins = Number((await count.textContent())?.split(' ')[0]);
  await count.click();
  const list = page.getByRole('dialog', { name: 'Pinned messages' });
  await list.getByRole('button', { name: 'Unpin' }).first().click();
  await list.getByRole('button', { name: 'Close' }).click();
  if (pins === 1) await expect(bar).toBeHidden();
  else await expect(count).toHaveText(`${pins - 1} pinned`);

  // A message of one's own, pinned from its actions in another room.
  await openRoom(page, GROUP_ROOM);
  const text = `Rapat jam 10 ${Date.now()}`;
  await send(page, text);
  const mine = page.getByTestId('message').filter({ hasText: text });
  await expect(mine).toHaveAttribute('data-delivery', 'sent');
  await (await openMessageActions(mine)).getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByTestId('pinned-bar')).toContainText(text);
  await expect(mine.getByRole('img', { name: 'Pinned' })).toBeVisible();
});

test('the Chat badge falls by a room’s unread count when it is opened, and does not rise when a room is left a moment after a live message', async ({ browser }) => {
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  const home = watchChatHome(ayu);
  await signInAs(budi, 'budi.santoso', 'Budi Santoso', { home: false });
  await openRoom(budi, GROUP_ROOM);
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari');
  await ayu.getByRole('navigation').getByRole('link', { name: /^Chat\b/ }).click();
  const badge = ayu.getByTestId('chat-badge');
  const badgeNow = async () => ((await badge.count()) === 0 ? 0 : Number(await badge.textContent()));

  await test.step('opening a room lowers the Chat badge by its unread count', async () => {
    const row = ayu.locator(`[data-testid="chat-room-row"][data-room-uuid="${GROUP_ROOM}"]`);
    await expect(row).toBeVisible();
    const unread = row.getByLabel(/unread message/);
    const unreadNow = async () => ((await unread.count()) === 0 ? 0 : Number(await unread.textContent()));
    const first = await unreadNow();
    const sentAt = Date.now();
    for (let index = 1; index <= 3; index += 1) await send(budi, `Update ${index} ${Date.now()}`);
    // Budi's messages raise the room's unread count in Ayu's list, live.
    await expect.poll(unreadNow, { timeout: 10_000 }).toBe(first + 3);
    // The chat home fetched again after the burst (debounced 1000 ms, SPEC §9) has been answered.
    await home.settledSince(sentAt);
    const before = await badgeNow();
    const roomUnread = await unreadNow();
    expect(roomUnread).toBe(first + 3);

    await row.click();
    await expect(ayu.getByTestId('room-title')).toHaveText('Tim Operasional Jakarta');
    await expect(badge).toHaveText(String(before - roomUnread));
  });

  await test.step('leaving a room a moment after a live message keeps it read: no unread on its row, and the badge does not rise', async () => {
    await openRoom(budi, DIRECT_ROOM);
    await ayu.getByRole('button', { name: 'Back' }).click();
    const row = ayu.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`);
    const marked = ayu.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/live-chat/read-message'));
    await row.click();
    await expect(ayu.getByTestId('message-list')).toBeVisible();
    // Opening the room took its unread messages off the badge once its read mark was answered; what is
    // left belongs to other rooms.
    await marked;
    const before = await badgeNow();

    const text = `Sebentar saja ${Date.now()}`;
    const sentAt = Date.now();
    await send(budi, text);
    await expect(ayu.getByTestId('message').filter({ hasText: text })).toBeVisible({ timeout: 10_000 });
    // Back to the list at once: well within the read mark's 1 s wait.
    await ayu.getByRole('button', { name: 'Back' }).click();
    await expect(row).toBeVisible();
    await expect(row).toContainText(text);
    // The chat home fetched again 1 s after the live message (SPEC §9), for the list and the badge.
    await home.settledSince(sentAt);
    await expect(row.getByLabel(/unread message/)).toHaveCount(0);
    await expect.poll(badgeNow).toBe(before);
  });
});

test.describe('a room whose message parts arrive after its first page', () => {
  // At desktop width, with the service worker kept out so the parts' code can be held back (its
  // precache would answer them at once).
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, serviceWorkers: 'block' });

  test('opens at its newest message and stays there as the file cards and the receipt grow their rows', async ({ page }) => {
    // The code of file cards and of receipts is held back until the room's first page shows at its
    // newest message (a slow network): the rows at and below the view grow after the room has scrolled
    // to its end, and no scroll event says so. (Once in six ordinary opens here the room stayed 587 px
    // above its end.)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(file-card|message-extras)-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await openRoom(page, DIRECT_ROOM);
    const list = page.getByTestId('message-list');
    await expect(list.getByTestId('message').last()).toContainText('Sudah saya terima.');
    await expect(list.getByTestId('read-receipt')).toHaveCount(0);
    release();
    // The parts have arrived: the spreadsheet's card and the receipt under Ayu's newest message.
    await expect(list.getByRole('link', { name: /^Open daftar-hadir-november\.xlsx, / })).toBeVisible();
    await expect(list.getByTestId('read-receipt')).toBeVisible();
    await expect.poll(() => list.evaluate((element) => Math.round(element.scrollHeight - element.scrollTop - element.clientHeight))).toBe(0);
    await expect(list.getByTestId('message').last()).toContainText('Sudah saya terima.');
    await expect(list.getByTestId('message').last()).toBeInViewport();
  });
});

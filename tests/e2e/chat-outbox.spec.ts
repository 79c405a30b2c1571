// Nothing typed is lost: 100 messages sent while the network is cut at random moments and the page is
// reloaded five times. At the end the server holds each of them exactly once, in the order typed, and
// the screen shows each once. The figures are printed. A sticker and a file go through the same outbox:
// sent offline, kept across a reload, sent once each when the network returns (one test, one sign-in).
import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test.ts';
import { recordFigure } from '../support/figures.ts';
import { DIRECT_ROOM, openRoom, serverMessages, signInAs } from './support/chat.ts';

// The group "Tim Operasional Jakarta" (Ayu, Budi and two others): quiet apart from this test.
// The reloads while the network is cut need the service worker's copy of the app (the other specs keep it out: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const MESSAGES = 100;
const RELOAD_AT = new Set([17, 34, 51, 68, 85]);

/** Messages still waiting in the app's outbox (its own IndexedDB database). */
function outboxSize(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('ess-chat');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('outbox').objectStore('outbox').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
  });
}

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

test('100 sends with the network cut at random and 5 reloads: 0 lost, 0 duplicated, order kept', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const seed = Date.now() % 100_000;
  const next = random(seed);
  const run = `r${seed}`;
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, ROOM);
  // The service worker serves the app shell, so the reloads below work while the network is cut.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')).toBe('activated');
  const field = page.getByRole('textbox', { name: 'Type a message' });

  let offline = false;
  let cuts = 0;
  for (let index = 0; index < MESSAGES; index += 1) {
    if (next() < 0.15) {
      offline = !offline;
      if (offline) cuts += 1;
      await context.setOffline(offline);
    }
    await field.fill(`${run} message ${index}`);
    await field.press('Enter');
    // The field clears once the message is in the outbox (stored in IndexedDB).
    await expect(field).toHaveValue('');
    if (RELOAD_AT.has(index)) {
      // The app shell comes from the service worker, so a reload works offline too.
      await page.reload();
      await expect(field).toBeVisible();
    }
  }
  await context.setOffline(false);

  // Everything reaches the server: the outbox (IndexedDB) empties by itself.
  await expect.poll(() => page.evaluate(outboxSize), { timeout: 60_000 }).toBe(0);
  const stored = (await serverMessages(request, 'ayu.lestari', ROOM)).filter((message) => message.message_content?.startsWith(`${run} `));
  const texts = stored.map((message) => message.message_content);
  const expected = Array.from({ length: MESSAGES }, (_, index) => `${run} message ${index}`);
  const lost = expected.filter((text) => !texts.includes(text)).length;
  const duplicated = texts.length - new Set(texts).size;
  // A message stored before one typed earlier than it.
  const typedIndex = texts.map((text) => expected.indexOf(text ?? ''));
  const outOfOrder = typedIndex.filter((index, at) => at > 0 && index < typedIndex[at - 1]!).length;
  recordFigure(`chat outbox: messages lost of ${MESSAGES} (${cuts} network cuts, ${RELOAD_AT.size} reloads, seed ${seed})`, lost, 'messages');
  recordFigure('chat outbox: messages stored twice', duplicated, 'messages');
  recordFigure('chat outbox: messages out of order', outOfOrder, 'messages');
  expect({ lost, duplicated, outOfOrder }).toEqual({ lost: 0, duplicated: 0, outOfOrder: 0 });

  // The screen after one more reload: the newest messages once each, in order.
  await page.reload();
  const mine = page.getByTestId('message').filter({ hasText: run });
  await expect(mine.last()).toContainText(`${run} message ${MESSAGES - 1}`);
  const shownTexts = (await mine.allInnerTexts()).map((text) => text.split('\n')[0]);
  expect(new Set(shownTexts).size).toBe(shownTexts.length);
  expect(shownTexts).toEqual(expected.slice(MESSAGES - shownTexts.length));
});

test.describe(() => {
  // No reload offline here: the app comes from the network when it opens again, so no service worker
  // (registering one downloads the whole precache into the context).
  test.use({ serviceWorkers: 'block' });

  test('messages typed offline in a tab that is then closed go out when the app opens again, on Home', async ({ page, context, request }) => {
    const run = `closed-${Date.now()}`;
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    await openRoom(page, ROOM);
    const field = page.getByRole('textbox', { name: 'Type a message' });
    await context.setOffline(true);
    for (const index of [1, 2]) {
      await field.fill(`${run} ${index}`);
      await field.press('Enter');
      await expect(field).toHaveValue('');
    }
    await expect(page.getByTestId('message').filter({ hasText: run }).first()).toHaveAttribute('data-delivery', /waiting|sending/);
    await page.close();
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto('/home');
    await expect(again.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
    await expect
      .poll(async () => (await serverMessages(request, 'ayu.lestari', ROOM, 2)).filter((message) => message.message_content?.startsWith(run)).map((message) => message.message_content), { timeout: 20_000 })
      .toEqual([`${run} 1`, `${run} 2`]);
    await expect.poll(() => again.evaluate(outboxSize)).toBe(0);
  });
});

/** Opens the room with the service worker in control, so the page can be reloaded offline. */
async function openRoomForOffline(page: Page, roomUuid: string) {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, roomUuid);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')).toBe('activated');
  await expect(page.getByTestId('message-list')).toBeVisible();
}

/** The messages of the room the server holds with this client id (the outbox entry's). */
const storedWith = async (request: Parameters<typeof serverMessages>[0], clientId: string) =>
  (await serverMessages(request, 'ayu.lestari', DIRECT_ROOM, 1)).filter((message) => message.client_message_id === clientId);

test('a sticker and a file sent offline are kept across a reload and sent once each when the network returns, the upload\'s progress on its pending message', async ({ page, context, request }) => {
  // The two tests it replaces had 60 s each.
  test.setTimeout(120_000);
  await openRoomForOffline(page, DIRECT_ROOM);
  // The picker's stickers come from the server: looked at once while online.
  await page.getByRole('button', { name: 'Stickers' }).click();
  const picker = page.getByRole('dialog', { name: 'Stickers' });
  await expect(picker.getByRole('button', { name: 'Semangat' })).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();
  const name = `laporan-offline-${Date.now()}.bin`;
  // 2.5 MB: the sandbox reads uploads at 2 MB/s, so the progress shows for a while.
  const bytes = Buffer.alloc(2_500_000, 9);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Stickers' }).click();
  await picker.getByRole('button', { name: 'Semangat' }).click();
  const pendingSticker = page.locator('[data-testid="message"][data-delivery="waiting"]').filter({ has: page.getByRole('img', { name: 'Semangat' }) });
  await expect(pendingSticker).toHaveCount(1);
  await expect(pendingSticker).toContainText('Waiting for network…');
  const stickerId = (await pendingSticker.getAttribute('data-client-id'))!;

  await page.getByRole('button', { name: 'Attach a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload File' });
  // From a file on disk, which the browser reads itself: a 2.5 MB buffer goes through the protocol as
  // base64, and on a loaded machine once took longer than the action's 15 s after the file was chosen.
  const onDisk = test.info().outputPath(name);
  await writeFile(onDisk, bytes);
  await dialog.getByLabel('Choose a file').setInputFiles(onDisk);
  await dialog.getByPlaceholder('Message... (Optional)').fill('Laporan dari jalan');
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  // Stored with its bytes: the modal closes, the message waits in the room's list.
  await expect(dialog).toBeHidden();
  const pendingFile = page.getByTestId('message').filter({ hasText: name });
  await expect(pendingFile).toHaveAttribute('data-delivery', 'waiting');
  await expect(pendingFile).toContainText('Laporan dari jalan');
  const fileId = (await pendingFile.getAttribute('data-client-id'))!;
  expect(await page.evaluate(outboxSize)).toBe(2);

  await page.reload();
  const sticker = page.locator(`[data-testid="message"][data-client-id="${stickerId}"]`);
  const file = page.locator(`[data-testid="message"][data-client-id="${fileId}"]`);
  await expect(sticker).toHaveAttribute('data-delivery', 'waiting');
  await expect(file).toHaveAttribute('data-delivery', 'waiting');
  expect(await page.evaluate(outboxSize)).toBe(2);
  expect(await storedWith(request, stickerId)).toEqual([]);

  await context.setOffline(false);
  // On its way: the pending file message shows how far the upload is.
  const progress = file.getByRole('progressbar', { name: `Uploading ${name}` });
  await expect(progress).toBeVisible({ timeout: 15_000 });
  await expect(file).toContainText(/Uploading… \d+%/);
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);

  await expect(file).toHaveAttribute('data-delivery', 'sent', { timeout: 20_000 });
  await expect(sticker).toHaveAttribute('data-delivery', 'sent');
  await expect(file.getByTestId('message-upload-progress')).toHaveCount(0);
  await expect.poll(() => page.evaluate(outboxSize)).toBe(0);
  expect(await storedWith(request, stickerId)).toHaveLength(1);
  const stored = await storedWith(request, fileId);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.message_content).toBe('Laporan dari jalan');
  const download = await page.request.get((await file.getByRole('link', { name: 'Download' }).getAttribute('href'))!);
  expect((await download.body()).equals(bytes)).toBe(true);
  // Once each on the screen too, after one more load.
  await page.reload();
  await expect(sticker).toHaveCount(1);
  await expect(file).toHaveCount(1);
});

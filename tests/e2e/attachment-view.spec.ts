// The attachment viewer in the built app against the chat sandbox, whose direct room
// Ayu-Budi shares three pictures, a PDF, a voice note and a spreadsheet (mocks/sandbox/chat/seed.ts):
// a picture opened from its message zooms and swipes to the next; a file once opened shows offline, and
// logout takes the copies. The PDF in Chromium's own viewer, the voice note and the spreadsheet:
// attachment-pdf.spec.ts, in the full browser.
import { expect, test, type Page } from './support/test.ts';
import { DIRECT_ROOM, openRoom, signInAs } from './support/chat.ts';
import { expectPicture, openFromMessage, title } from './support/attachments.ts';

// Each test opens a room, scrolls it to a seeded file and opens the viewer, some twice: on a loaded
// 2-core machine that alone took most of the default 60 s once.
test.describe.configure({ timeout: 120_000 });

const PHOTO_1 = 'c0f1e2d3-a401-4b5c-8d6e-7f8091a2b3c1';
const PHOTO_2 = 'c0f1e2d3-a402-4b5c-8d6e-7f8091a2b3c2';
const viewerUrl = (message: string) => new RegExp(`/attachment-view\\?uuid=${DIRECT_ROOM}&message=${message}&family=v2$`);
const stage = (page: Page) => page.getByTestId('image-stage');
const scale = async (page: Page) => Number(await stage(page).getAttribute('data-scale'));

test('a picture opens from its message; zoomed by a pinch or a double click, a drag pans it; a swipe (mouse or finger) goes to the next; Back returns to the room', async ({ page }) => {
  // The zoom buttons, + / - / 0, the wheel, the arrow keys and the previous and next buttons are proven
  // beside their code (src/features/chat/viewer/image-viewer.test.tsx); here the gestures, which need
  // the browser's own pointer and touch events, and the way from the room and back.
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, DIRECT_ROOM);
  await openFromMessage(page, 'foto-rak-gudang-1.png');
  await expect(page).toHaveURL(viewerUrl(PHOTO_1));
  await expectPicture(page, 'foto-rak-gudang-1.png', 480);
  await expect(page.getByTestId('attachment-position')).toHaveText(/^1 of \d+$/);
  expect(await scale(page)).toBe(1);
  const box = (await stage(page).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  await test.step('on a touch screen: a pinch zooms, a double tap returns to fit', async () => {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    // Two fingers 60 px apart move to 180 px apart: three times the picture.
    await touch('touchStart', [[cx - 30, cy], [cx + 30, cy]]);
    for (let step = 1; step <= 6; step += 1) await touch('touchMove', [[cx - 30 - step * 10, cy], [cx + 30 + step * 10, cy]]);
    await touch('touchEnd', []);
    await expect.poll(() => scale(page)).toBeCloseTo(3, 1);
    // A double tap: back to fit.
    for (let tap = 0; tap < 2; tap += 1) {
      await touch('touchStart', [[cx, cy]]);
      await touch('touchEnd', []);
    }
    await expect.poll(() => scale(page)).toBe(1);
    await cdp.detach();
  });

  await test.step('with a mouse: a double click zooms, a drag pans the zoomed picture, and a swipe goes to the next', async () => {
    await stage(page).dblclick({ position: { x: box.width / 4, y: box.height / 2 } });
    await expect.poll(() => scale(page)).toBe(2.5);
    // Zoomed, a drag pans the picture (it does not change it), and a swipe does nothing else.
    const before = await page.getByRole('img', { name: 'foto-rak-gudang-1.png' }).evaluate((image) => getComputedStyle(image).transform);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 80, cy, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.getByRole('img', { name: 'foto-rak-gudang-1.png' }).evaluate((image) => getComputedStyle(image).transform)).not.toBe(before);
    await expect(title(page)).toHaveText('foto-rak-gudang-1.png');
    await page.keyboard.press('0');
    await expect.poll(() => scale(page)).toBe(1);

    // Unzoomed, a swipe to the left shows the room's next picture, in the order they were sent.
    await page.mouse.move(box.x + box.width * 0.8, cy);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, cy, { steps: 8 });
    await page.mouse.up();
    await expect(page).toHaveURL(viewerUrl(PHOTO_2));
    await expectPicture(page, 'foto-rak-gudang-2.png', 320);
    await expect(page.getByTestId('attachment-position')).toHaveText(/^2 of \d+$/);
  });

  await test.step('on a touch screen: one finger from right to left goes to the next picture', async () => {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    await touch('touchStart', [[box.x + box.width * 0.85, cy]]);
    for (let step = 1; step <= 6; step += 1) await touch('touchMove', [[box.x + box.width * (0.85 - step * 0.1), cy]]);
    await touch('touchEnd', []);
    await expectPicture(page, 'loading-dock.png', 480);
    await cdp.detach();
  });

  // The pictures replaced each other in the history: Back is the room.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await expect(page.getByTestId('message-list')).toBeVisible();
});

test('a file once opened shows offline; one never opened says so; after logout no copy is left', async ({ page, context }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, DIRECT_ROOM);
  await openFromMessage(page, 'foto-rak-gudang-1.png');
  await expectPicture(page, 'foto-rak-gudang-1.png', 480);
  await expect.poll(() => page.evaluate(() => caches.keys())).toContain('ess-attachments-42');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('message-list')).toBeVisible();

  await context.setOffline(true);
  // Nothing fetched: the picture comes from the person's attachment cache. (The viewer fetches a file's
  // bytes; the room's thumbnails are <img> loads, which the browser may try again offline.)
  const fetched: string[] = [];
  page.on('request', (request) => request.url().includes('/chat-files/') && request.resourceType() === 'fetch' && fetched.push(request.url()));
  await openFromMessage(page, 'foto-rak-gudang-1.png');
  await expectPicture(page, 'foto-rak-gudang-1.png', 480);
  expect(fetched).toEqual([]);
  // The next picture was never opened here: the viewer says so instead of failing.
  await page.getByRole('button', { name: 'Next picture' }).click();
  await expect(title(page)).toHaveText('foto-rak-gudang-2.png');
  await expect(page.getByText('Not available offline', { exact: true })).toBeVisible();
  await expect(page.getByText('This file has not been opened on this device yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await context.setOffline(false);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('ess-attachments-')))).toEqual([]);
});

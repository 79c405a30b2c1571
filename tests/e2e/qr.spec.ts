// QR codes (issue 24 item 3) in the built app, against the stateful sandbox: scanning with "Scan from
// photo" (Chromium's fake camera cannot show a chosen code; headless Chromium on Linux has no
// BarcodeDetector, so every scan here goes through the WebAssembly reader, its .wasm served by nginx
// under the production CSP), what each kind of code does, the check-in and its stored answer, the
// explanation of a refused camera, and My QR on Home decoded back to the employee's code.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';
import { signInAs } from './support/chat.ts';
import { APP_ORIGIN } from './support/stack.ts';
import { expect, test, type Browser, type Page } from './support/test.ts';

// A fake camera exists (the scanner's live picture), but the permission prompt is not answered for the
// page: a context granted the camera gets it, one without is refused, as a person tapping Block is.
test.use({ launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream'] } });

// A sign-in per test, a WebAssembly reader's first load: room for a machine shared with other work.
test.describe.configure({ timeout: 60_000 });

const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', employeeNumber: '100234' };

/** A PNG of a QR code holding `text`, as a photo or a screenshot of one would be. */
const qrPng = (text: string) => QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8, type: 'png' });

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays, looped) of a QR code holding
 * `text` on white, as a camera held up to a printed code would film it.
 */
function qrVideo(text: string): Buffer {
  const [width, height, module] = [640, 480, 8];
  const symbol = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = symbol.modules.size;
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.floor((width - side * module) / 2);
  const top = Math.floor((height - side * module) / 2);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      if (!symbol.modules.get(row, col)) continue;
      for (let y = 0; y < module; y++) luma.fill(16, (top + row * module + y) * width + left + col * module, (top + row * module + y) * width + left + (col + 1) * module);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

async function employeeWindow(browser: Browser, { camera = true }: { camera?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ permissions: camera ? ['camera', 'clipboard-read', 'clipboard-write'] : [] });
  const page = await context.newPage();
  await signInAs(page, AYU.username, AYU.name);
  return page;
}

async function scanPhoto(page: Page, text: string): Promise<void> {
  await page.getByLabel('Scan from photo').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: await qrPng(text) });
}

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test("a code with one of the app's addresses: shown with where it leads, opened only on Open", async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.goto('/employee-qr-scan');
  await expect(page.getByRole('heading', { name: 'Employee QR scan' })).toBeVisible();
  // The camera opened on entering (the fake device's picture).
  await expect(page.getByTestId('qr-viewport')).toHaveAttribute('data-phase', 'scanning');
  await scanPhoto(page, `${APP_ORIGIN}/notification`);
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-kind', 'route');
  await expect(result).toContainText('This code opens a screen of the app');
  await expect(result).toContainText('/notification');
  // Nothing happened by itself: still here, the camera stopped.
  await expect(page).toHaveURL(/\/employee-qr-scan$/);
  await expect(page.getByTestId('qr-viewport')).toHaveCount(0);
  await result.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
});

test('a plain text code, and hostile ones, are shown as text, never followed', async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.goto('/employee-qr-scan');
  await scanPhoto(page, 'Meeting room 7B: Wi-Fi ESS-Guest');
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-kind', 'text');
  await expect(page.getByTestId('scanned-text')).toHaveText('Meeting room 7B: Wi-Fi ESS-Guest');
  await result.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Meeting room 7B: Wi-Fi ESS-Guest');

  for (const hostile of ['javascript:alert(document.domain)', '//evil.example/home', 'https://evil.example/notification']) {
    await result.getByRole('button', { name: 'Scan again' }).click();
    await scanPhoto(page, hostile);
    await expect(page.getByTestId('scanned-text')).toHaveText(hostile);
    await expect(result.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
    const link = result.getByRole('link', { name: 'Open link' });
    if (hostile.startsWith('https:')) {
      // Another site: only on request, in a new window that cannot reach back into the app.
      await expect(link).toHaveAttribute('href', hostile);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      await expect(link).toHaveCount(0);
    }
    await expect(page).toHaveURL(/\/employee-qr-scan$/);
  }
});

test("a colleague's My QR shows who it is", async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.goto('/employee-qr-scan');
  await scanPhoto(page, 'ess-employee:100235');
  const person = page.getByTestId('scanned-employee');
  await expect(person).toContainText('Budi Santoso');
  await expect(person).toContainText('Employee number 100235');
  // What to do with them: each a tap, through the screens that start a chat or a call.
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages/direct-chat?user_id=43');
  await expect(result.getByRole('link', { name: 'Call' })).toHaveAttribute('href', '/video-call/direct-video-call?user_id=43');
});

test('a location code: the place, then Check in on a tap; the answer is shown, stored, and shown again as the last check-in', async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.goto('/qr-location-checkin');
  await expect(page.getByRole('heading', { name: 'QR location check-in' })).toBeVisible();
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/attendance/qr-check-in')) posted.push(request.postData() ?? '');
  });
  await scanPhoto(page, 'ess-location:JKT-HQ-L1');
  const confirm = page.getByTestId('check-in-confirm');
  await expect(confirm.getByRole('heading', { name: 'JKT-HQ-L1' })).toBeVisible();
  // Scanning wrote nothing.
  expect(posted).toEqual([]);
  await confirm.getByRole('button', { name: 'Check in' }).click();
  const done = page.getByTestId('check-in-done');
  await expect(done).toContainText('Checked in');
  await expect(done).toContainText('Jakarta Head Office, Floor 1');
  await expect(done).toContainText('JKT-HQ-L1');
  expect(posted).toHaveLength(1);
  expect(JSON.parse(posted[0]!)).toMatchObject({ location_code: 'JKT-HQ-L1' });
  expect(JSON.parse(posted[0]!)).not.toHaveProperty('latitude');

  // SPEC §3's check-in data, in the app's storage.
  const stored = await page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('_ionicstorage');
        open.onsuccess = () => {
          const get = open.result.transaction('_ionickv').objectStore('_ionickv').get('check_in_data');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(stored).toMatchObject({ location_code: 'JKT-HQ-L1', check_in: { location: { name: 'Jakarta Head Office, Floor 1' } } });

  await page.reload();
  await expect(page.getByTestId('last-check-in')).toContainText('Jakarta Head Office, Floor 1');
});

test('a link to the check-in with a location only shows it; an unknown location is said plainly', async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.goto('/qr-location-checkin?location=NOWHERE-9');
  const confirm = page.getByTestId('check-in-confirm');
  await expect(confirm.getByRole('heading', { name: 'NOWHERE-9' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Check in' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(/The code NOWHERE-9 is not a check-in place of the company/);
  // A code that is not a location, scanned on the check-in screen.
  await confirm.getByRole('button', { name: 'Scan another code' }).click();
  await scanPhoto(page, 'ess-employee:100235');
  await expect(page.getByRole('alert').first()).toHaveText(/That QR code is not a check-in code/);
});

test('the camera reads a code held up to it: a place on the check-in screen, without Scan from photo', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'ess-qr-video-'));
  const video = join(folder, 'location.y4m');
  writeFileSync(video, qrVideo('ess-location:BDG-STORE-12'));
  const camera = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await camera.newContext({ baseURL: APP_ORIGIN, permissions: ['camera'] });
    const page = await context.newPage();
    await signInAs(page, AYU.username, AYU.name);
    await page.goto('/qr-location-checkin');
    const confirm = page.getByTestId('check-in-confirm');
    await expect(confirm.getByRole('heading', { name: 'BDG-STORE-12' })).toBeVisible({ timeout: 15_000 });
    // Read from the live picture, then the camera stopped: the scanner is gone.
    await expect(page.getByTestId('qr-viewport')).toHaveCount(0);
  } finally {
    await camera.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('camera refused: the scanner explains how to allow it, and Scan from photo still works', async ({ browser }) => {
  const page = await employeeWindow(browser, { camera: false });
  const wasm: Array<{ url: string; type: string | undefined; encoding: string | undefined }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push({ url: response.url(), type: response.headers()['content-type'], encoding: response.headers()['content-encoding'] });
  });
  await page.goto('/employee-qr-scan');
  const problem = page.getByTestId('camera-problem');
  await expect(problem).toContainText('Camera access refused');
  await expect(problem).toContainText('Allow the camera for this site in your browser settings');
  await scanPhoto(page, 'just text');
  await expect(page.getByTestId('scanned-text')).toHaveText('just text');
  // The WebAssembly reader came from our own origin (never a CDN), as application/wasm (compiled while
  // it downloads), gzipped.
  expect(wasm).toEqual([{ url: expect.stringMatching(new RegExp(`^${APP_ORIGIN}/assets/zxing_reader-[\\w-]+\\.wasm$`)), type: 'application/wasm', encoding: 'gzip' }]);
});

test("My QR on Home: the employee's own code, drawn with SPEC §9's parameters, reads back as ess-employee:<number>", async ({ browser }) => {
  const page = await employeeWindow(browser);
  await page.getByRole('button', { name: 'My QR' }).click();
  const dialog = page.getByRole('dialog', { name: 'My QR' });
  const code = dialog.getByRole('img', { name: `QR code of ${AYU.name}, employee number ${AYU.employeeNumber}` });
  await expect(code).toHaveAttribute('data-code', `ess-employee:${AYU.employeeNumber}`);
  await expect(dialog).toContainText(AYU.name);
  await expect(dialog).toContainText(`Employee number ${AYU.employeeNumber}`);
  const { png, width, shown } = await code.evaluate((canvas: HTMLCanvasElement) => ({ png: canvas.toDataURL('image/png'), width: canvas.width, shown: canvas.getBoundingClientRect().width }));
  // 19 characters at error correction M: version 2, 25 modules plus 4 on each side, 4 px each; shown
  // larger on screen (a whole multiple on a phone), never smaller.
  expect(width).toBe((25 + 2 * 4) * 4);
  expect(shown).toBeGreaterThanOrEqual(width);
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  const [read] = await readBarcodes(new Uint8Array(Buffer.from(png.split(',')[1]!, 'base64')), { formats: ['QRCode'] });
  expect(read?.text).toBe(`ess-employee:${AYU.employeeNumber}`);
  expect(read?.ecLevel).toBe('M');
});

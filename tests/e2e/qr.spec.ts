// QR codes in the built app, against the stateful sandbox, as journeys across the real pieces: the
// camera (Chromium's fake device playing a filmed code) read by the WebAssembly reader, its .wasm served
// by nginx under the production CSP, then the check-in at that place with its answer stored and shown
// again after a reload; a refused camera explained with Scan from photo still reading a code; and My QR on
// Home drawn and decoded back to the employee's code. (Headless Chromium on Linux has no
// BarcodeDetector, so every scan here goes through the WebAssembly reader.) What the scan screen shows for
// each kind of code (an app address opened only on Open, text and hostile codes never followed, a
// colleague's My QR) and the check-in's own states are component tests:
// src/features/qr/employee-qr-scan-screen.test.tsx and qr-location-checkin-screen.test.tsx.
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

// A sign-in per test, a WebAssembly reader's first load: room for a machine shared with other work. Both
// tests on one worker, one after the other: a browser with these options is started for this spec alone,
// so a worker of its own on each slot would start two for two tests.
test.describe.configure({ timeout: 60_000, mode: 'default' });

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

test('the camera reads a code held up to it: the place on the check-in screen, then Check in; the answer is stored and shown again as the last check-in', async () => {
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
    await signInAs(page, AYU.username, AYU.name, { home: false });
    await page.goto('/qr-location-checkin');
    const confirm = page.getByTestId('check-in-confirm');
    await expect(confirm.getByRole('heading', { name: 'BDG-STORE-12' })).toBeVisible({ timeout: 15_000 });
    // Read from the live picture, then the camera stopped: the scanner is gone.
    await expect(page.getByTestId('qr-viewport')).toHaveCount(0);

    // Scanning wrote nothing; the check-in is its own tap, answered by the sandbox.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/attendance/qr-check-in')) posted.push(request.postData() ?? '');
    });
    await confirm.getByRole('button', { name: 'Check in' }).click();
    const done = page.getByTestId('check-in-done');
    await expect(done).toContainText('Checked in');
    await expect(done).toContainText('BDG-STORE-12');
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]!)).toMatchObject({ location_code: 'BDG-STORE-12' });
    expect(JSON.parse(posted[0]!)).not.toHaveProperty('latitude');
    await expect(done).toContainText('Bandung Store 12');

    // SPEC §3's check-in data, in the app's storage, and shown again after a reload.
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
    expect(stored).toMatchObject({ location_code: 'BDG-STORE-12', check_in: { location: { name: 'Bandung Store 12' } } });
    await page.reload();
    await expect(page.getByTestId('last-check-in')).toContainText('Bandung Store 12');
  } finally {
    await camera.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test("My QR on Home: the employee's own code, drawn with SPEC §9's parameters, reads back as ess-employee:<number>; camera refused: the scanner explains how to allow it, and Scan from photo still works", async ({ browser }) => {
  const page = await employeeWindow(browser, { camera: false });
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
  const reader = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: reader.buffer.slice(reader.byteOffset, reader.byteOffset + reader.byteLength) }, fireImmediately: true });
  const [read] = await readBarcodes(new Uint8Array(Buffer.from(png.split(',')[1]!, 'base64')), { formats: ['QRCode'] });
  expect(read?.text).toBe(`ess-employee:${AYU.employeeNumber}`);
  expect(read?.ecLevel).toBe('M');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

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

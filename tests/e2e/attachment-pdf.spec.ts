// The attachment viewer's files that need the full browser, in the built app against the chat sandbox
// (the direct room Ayu-Budi, mocks/sandbox/chat/seed.ts): reached from the room's Files panel, the PDF
// shows in Chromium's own viewer under the app's CSP, the spreadsheet offers its name, size and
// Download; the voice note plays from its message. The pictures and the offline copies:
// attachment-view.spec.ts.
import { expect, test } from './support/test.ts';
import { DIRECT_ROOM, openRoom, signInAs } from './support/chat.ts';
import { FULL_BROWSER } from './support/browsers.ts';
import { openFilesPanel, openFromMessage, opens, title } from './support/attachments.ts';

// The full browser, not the default headless shell: Debian's chromium-headless-shell has no PDF viewer
// (the viewer then offers Open and Download, as attachment-view-screen.test.tsx proves). A launchOptions
// of its own forces a worker (and a stack) of its own, so the whole file takes it.
test.use({ launchOptions: FULL_BROWSER });

// A room opened, scrolled to a seeded file, the viewer opened three times: room for a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

test("from the Files panel: the PDF in the browser's own viewer, the spreadsheet's name, size and Download; the voice note plays from its message", async ({ page }) => {
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await openRoom(page, DIRECT_ROOM);

  await (await openFilesPanel(page)).getByRole('link', { name: opens('laporan-stok-november.pdf') }).click();
  await expect(title(page)).toHaveText('laporan-stok-november.pdf');
  const frame = page.getByTestId('pdf-frame');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(frame).toHaveAttribute('title', 'laporan-stok-november.pdf');
  // Chromium's PDF viewer (an extension frame inside ours) took the bytes: shown inline, not downloaded.
  await expect.poll(() => page.frames().some((inner) => inner.url().startsWith('chrome-extension://'))).toBe(true);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await (await openFilesPanel(page)).getByRole('link', { name: opens('daftar-hadir-november.xlsx') }).click();
  await expect(title(page)).toHaveText('daftar-hadir-november.xlsx');
  await expect(page.getByText('18 KB', { exact: true }).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('daftar-hadir-november.xlsx');
  const { size } = await import('node:fs/promises').then(async (fs) => fs.stat((await download.path())!));
  expect(size).toBe(18_432);

  await page.getByRole('button', { name: 'Back' }).click();
  await openFromMessage(page, 'pesan-suara.wav');
  await expect(title(page)).toHaveText('pesan-suara.wav');
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  // The browser's player read the whole second of it (media-src blob: lets it).
  await expect.poll(() => audio.evaluate((player: HTMLAudioElement) => Math.round(player.duration))).toBe(1);
});

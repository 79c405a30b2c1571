// A short smoke run of the app as frontend developers run it every day, `npm start` (Vite's dev server with
// the mocks; playwright.dev.config.ts starts and stops it): development React, whose StrictMode mounts
// every component twice and runs every effect twice, which the production build the main browser suite
// tests never does (a double mount once aborted the Upload File modal's upload: issue 37, item 9).
// One journey, one width: sign in, open a room, send a text and a file, start a call and hang up.
import { expect, test } from '@playwright/test';
import { PREFER_COOKIE, preferCookieValue } from '../../mocks/sandbox/routes.ts';

const APP = process.env.SMOKE_URL;

test('under the dev server: sign in, open a room, send a text and a file, start a call', async ({ page, context }) => {
  if (!APP) throw new Error('SMOKE_URL is not set: run with npx playwright test -c playwright.dev.config.ts');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Home's announcement pop-up stays quiet (the contract's empty example): it is not this run's subject.
  await context.addCookies([{ name: PREFER_COOKIE, value: preferCookieValue({ '/popup/announcement': 'example=empty' }), url: APP }]);

  await test.step('sign in', async () => {
    await page.goto(new URL('/', APP).href);
    // Development React under Vite (its client script), the app's StrictMode with it.
    await expect(page.locator('script[src="/@vite/client"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 150_000 });
    await page.getByLabel('Employee number or username').fill('ayu.lestari');
    await page.getByLabel('Password', { exact: true }).fill('any-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible({ timeout: 150_000 });
  });

  await test.step('open a room', async () => {
    await page.getByRole('navigation').getByRole('link', { name: /\bChat\b/ }).click();
    await page.getByTestId('chat-room-row').filter({ hasText: 'Budi Santoso' }).first().click();
    await expect(page.getByTestId('room-title')).toHaveText('Budi Santoso');
    await expect(page.getByTestId('message-list')).toBeVisible();
  });

  await test.step('send a text', async () => {
    const text = `Smoke run ${Date.now()}: see you at the lobby`;
    const field = page.getByRole('textbox', { name: 'Type a message' });
    await field.fill(text);
    await field.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-delivery', 'sent');
    await expect(field).toHaveValue('');
  });

  await test.step('send a file', async () => {
    await page.getByRole('button', { name: 'Attach a file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File' });
    await expect(dialog).toBeVisible();
    const name = `rekap-lembur-${Date.now()}.csv`;
    await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('name,hours\nAyu Lestari,4\n') });
    await dialog.getByRole('button', { name: 'Upload File' }).click();
    // The file is in the room, sent once, and the modal has closed by itself (under StrictMode's double
    // mount it once stayed open, inviting a second tap that sent the file twice).
    const file = page.getByTestId('message').filter({ hasText: name });
    await expect(file).toHaveAttribute('data-delivery', 'sent');
    await expect(file).toHaveCount(1);
    await expect(dialog).toBeHidden();
  });

  await test.step('start a call', async () => {
    await page.getByTestId('room-video-call').click();
    await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'outgoing');
    await expect(page.getByText('Calling Budi Santoso…')).toBeVisible();
    await page.getByRole('button', { name: 'Hang up' }).click();
    await expect(page.getByTestId('call-screen')).toBeHidden();
  });

  expect(errors).toEqual([]);
});

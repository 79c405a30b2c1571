import { expect, test } from '@playwright/test';

test('signs in through the generated client and shows the user from the mock', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const userDataRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/user-data'));

  await page.goto('/');
  await page.getByLabel('Username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText('Welcome, Ayu Lestari')).toBeVisible();
  await expect(page.getByText('Password changed')).toBeVisible();
  const headers = (await userDataRequest).headers();
  expect(headers['authorization']).toMatch(/^Bearer .+/);
  expect(headers['app-platforms']).toBe('pwa');
  expect(headers['pwa-version']).toBe('2.2.031');
  expect(headers['android-version']).toBe('2.0.39');
  expect(headers['ios-version']).toBe('2.0.37');
  expect(consoleErrors).toEqual([]);
});

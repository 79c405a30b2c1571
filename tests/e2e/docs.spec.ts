import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from './support/test.ts';

// `npm run docs` output, opened from disk the way a reviewer would, with every network request refused.
// Reviewers read the docs on a desktop screen.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const docs = (file: string) => pathToFileURL(resolve('docs-dist', file)).href;

async function openOffline(page: Page, file: string) {
  const outside: string[] = [];
  const errors: string[] = [];
  await page.route(/^(?!file:)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(docs(file));
  return { outside, errors };
}

test('the HTTP docs open offline and show the operations', async ({ page }) => {
  const { outside, errors } = await openOffline(page, 'http.html');
  await expect(page.getByRole('heading', { name: /ESS Workplace API/ }).first()).toBeVisible();
  await page.locator('li').getByText('feed', { exact: true }).first().click();
  await expect(page.getByText('List the likes of a company-wide feed comment').first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});

test('the realtime docs open offline and show the channels', async ({ page }) => {
  const { outside, errors } = await openOffline(page, 'realtime.html');
  await expect(page.getByText(/ESS Workplace realtime/).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('{prefix}_global_event').first()).toBeAttached();
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});

test('the docs index lists the inferred operations and links both documents', async ({ page }) => {
  const { outside } = await openOffline(page, 'index.html');
  await expect(page.getByRole('link', { name: /HTTP/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /realtime/i }).first()).toBeVisible();
  await expect(page.getByText('getFeed').first()).toBeVisible();
  await expect(page.getByText('changePassword').first()).toBeVisible();
  expect(outside).toEqual([]);
});

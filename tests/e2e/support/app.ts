// Shared steps for the browser tests: sign in through the real login screen, steer the mock to one of
// the contract's named examples, and collect console errors.
import { expect, type Page, type Route } from '@playwright/test';
import { EXAMPLES_COOKIE } from '../../../mocks/sandbox/routes.ts';
import { APP_ORIGIN } from './stack.ts';

/**
 * The mock sandbox (mocks/sandbox/) answers the feed, the forum and the quick links with its own data;
 * a browser carrying this cookie gets the contract's examples for every call instead, which is what
 * these tests are written against.
 */
export async function useContractExamples(page: Page): Promise<void> {
  await page.context().addCookies([{ ...EXAMPLES_COOKIE, url: APP_ORIGIN }]);
}

/**
 * Signs in as the mock's user, against the contract's examples. The mock's announcement pop-up would
 * cover Home, so it is turned off (the contract's `empty` example) unless a test asks for it.
 */
export async function signIn(page: Page, { from = '/', withPopup = false }: { from?: string; withPopup?: boolean } = {}): Promise<void> {
  await useContractExamples(page);
  if (!withPopup) await preferExample(page, '**/api/popup/announcement', 'example=empty');
  await page.goto(from);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Makes Prism answer a call with one of its named contract examples (or an HTTP status). */
export async function preferExample(page: Page, urlGlob: string, prefer: string): Promise<void> {
  await page.route(urlGlob, (route: Route) => route.continue({ headers: { ...route.request().headers(), prefer } }));
}

/** Console errors and uncaught exceptions of the page, for "no console error" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

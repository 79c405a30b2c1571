// Shared steps for the browser tests: sign in through the real login screen (or open the app from the
// session stored once per worker: `signedInTest`, ./test.ts), steer the mock to one of the contract's
// named examples, and collect console errors.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { EXAMPLES_COOKIE, PREFER_COOKIE, preferCookieValue, preferencesOf } from '../../../mocks/sandbox/routes.ts';
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
  if (!withPopup) await preferExample(page, '/popup/announcement', 'example=empty');
  await page.goto(from);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Makes Prism answer a call, by its path in the contract (`/popup/announcement`), with one of its named
 * contract examples or a status (`example=empty`, `code=500`), for every page of the page's browser
 * context: a cookie the mock sandbox reads (PREFER_COOKIE), added to those the context has.
 */
export async function preferExample(page: Page, path: string, prefer: string): Promise<void> {
  const context = page.context();
  const current = (await context.cookies(APP_ORIGIN)).find((cookie) => cookie.name === PREFER_COOKIE);
  const preferences = { ...preferencesOf(current?.value), [path]: prefer };
  await context.addCookies([{ name: PREFER_COOKIE, value: preferCookieValue(preferences), url: APP_ORIGIN }]);
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

export type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A stored state without the sign-in's preferExample choices: each test makes its own. */
export const withoutPreferences = (state: StoredSession): StoredSession => ({ ...state, cookies: state.cookies.filter((cookie) => cookie.name !== PREFER_COOKIE) });

/** The keys of the app's storage (IndexedDB `_ionicstorage`); runs in the page. */
export async function storedKeys(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('_ionicstorage');
    open.onsuccess = () => {
      const keys = open.result.transaction('_ionickv').objectStore('_ionickv').getAllKeys();
      keys.onsuccess = () => resolve(keys.result.map(String));
      keys.onerror = () => reject(keys.error);
    };
    open.onerror = () => reject(open.error);
  });
}

/**
 * Opens the app at `path` in a `signedInTest` (the stored session) and waits for Home's greeting when
 * that is where it lands. The announcement pop-up is turned off as `signIn` does.
 */
export async function openSignedIn(page: Page, path = '/home', { withPopup = false }: { withPopup?: boolean } = {}): Promise<void> {
  if (!withPopup) await preferExample(page, '/popup/announcement', 'example=empty');
  await page.goto(path);
  if (path === '/home') await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
}

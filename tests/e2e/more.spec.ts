// The More menu (SPEC §2, §4, §8), single sign-on to the partner HR system and the job portal (SPEC §7,
// §8), against the contract's mock. Outside sites are answered locally: the test machine has no internet.
import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { preferExample, signIn } from './support/app.ts';

const SSO_URL = 'https://sunfish.company.example/sso?token=6f1d0c2b9e';
const JOB_URL = 'https://jobs.company.example/login?token=a81c77e0';
const CHECK_CONNECTION = 'Sorry, something went wrong. Please check your internet connection and try again.';

async function signedIn(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
}

/** Any https address the app opens answers "ok" here instead of failing for want of a network. */
async function answerOutsideSites(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  // A predicate: the glob 'https://**' does not match these addresses in this Playwright version.
  await context.route((url) => url.protocol === 'https:', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/plain', body: 'ok' });
  });
  return requested;
}

async function expectErrorDialog(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Error');
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the More menu', () => {
  test('More → "QA Audit" → /qa-audit/home', async ({ page }) => {
    await signedIn(page);
    const userData = page.waitForRequest((request) => request.url().endsWith('/api/auth/user-data'));
    await page.getByRole('button', { name: 'More', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'More' });
    await expect(dialog.getByRole('heading', { name: 'More' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await userData;
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'QA Audit' }).click();
    await expect(page).toHaveURL(/\/qa-audit\/home$/);
    await expect(page.getByRole('heading', { name: 'QA Audit', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
  });

  test('Close closes it and stays on /home', async ({ page }) => {
    await signedIn(page);
    await page.getByRole('button', { name: 'More', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'More' });
    await expect(dialog.getByRole('button', { name: 'QA Audit' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a password never changed → /change-password', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/auth/user-data', 'example=passwordNotChanged');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
  });

  test('CHANGE_PASSWORD → /change-password', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/auth/user-data', 'example=changePassword');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await expect(page).toHaveURL(/\/change-password$/);
  });

  test('a 401 in the body logs out', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/auth/user-data', 'example=unauthorizedString');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("another error shows the server's message and closes the menu", async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/auth/user-data', 'example=otherError');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await expectErrorDialog(page, 'Your account is being synchronised. Try again in a minute.');
    await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('single sign-on to Sunfish HR', () => {
  test('opens the returned URL in a new window', async ({ page, context }) => {
    const requested = await answerOutsideSites(context);
    await signedIn(page);
    const call = page.waitForRequest((request) => request.url().endsWith('/api/sunfish-sso/request-token'));
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sunfish HR' }).click();
    const request = await call;
    expect(request.method()).toBe('POST');
    const popup = await popupOpened;
    await popup.waitForURL(SSO_URL);
    await expect(popup.locator('body')).toHaveText('ok');
    expect(requested).toEqual([SSO_URL]);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Sunfish HR' })).toBeEnabled();
  });

  for (const [example, prefer, message] of [
    ['failureWithMessage', 'example=failureWithMessage', 'Your Sunfish account is not active.'],
    ['failureWithoutMessage', 'example=failureWithoutMessage', 'Something went wrong. Please try again later!'],
    ['serverError', 'code=500', 'The service is temporarily unavailable.'],
  ] as const) {
    test(`${example} → dialog "Error" with "${message}", no window left open`, async ({ page, context }) => {
      const requested = await answerOutsideSites(context);
      await signedIn(page);
      await preferExample(page, '**/api/sunfish-sso/request-token', prefer);
      await page.getByRole('button', { name: 'Sunfish HR' }).click();
      await expectErrorDialog(page, message);
      await expect.poll(() => context.pages().length).toBe(1);
      expect(requested).toEqual([]);
    });
  }

  test('a network failure → the default message', async ({ page, context }) => {
    await signedIn(page);
    await page.route('**/api/sunfish-sso/request-token', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sunfish HR' }).click();
    await expectErrorDialog(page, 'Something went wrong. Please try again later!');
    await expect.poll(() => context.pages().length).toBe(1);
  });

  test('an HTTP 401 logs out', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/sunfish-sso/request-token', 'code=401');
    await page.getByRole('button', { name: 'Sunfish HR' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the job portal', () => {
  test('opens the returned url in a new tab', async ({ page, context }) => {
    const requested = await answerOutsideSites(context);
    await signedIn(page);
    const call = page.waitForRequest((request) => request.url().endsWith('/api/city-job/generate-token'));
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Job portal' }).click();
    expect((await call).method()).toBe('GET');
    const popup = await popupOpened;
    await popup.waitForURL(JOB_URL);
    expect(requested).toEqual([JOB_URL]);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a network failure → the check-connection message', async ({ page, context }) => {
    await signedIn(page);
    await page.route('**/api/city-job/generate-token', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Job portal' }).click();
    await expectErrorDialog(page, CHECK_CONNECTION);
    await expect.poll(() => context.pages().length).toBe(1);
  });

  test('CHANGE_PASSWORD → /change-password', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/city-job/generate-token', 'example=changePassword');
    await page.getByRole('button', { name: 'Job portal' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
  });

  test("another error shows its message", async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/city-job/generate-token', 'example=otherError');
    await page.getByRole('button', { name: 'Job portal' }).click();
    await expectErrorDialog(page, 'The job portal is under maintenance.');
  });

  test('a 401 in the body logs out', async ({ page }) => {
    await signedIn(page);
    await preferExample(page, '**/api/city-job/generate-token', 'example=unauthorizedNumber');
    await page.getByRole('button', { name: 'Job portal' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

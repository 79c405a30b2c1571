// The More menu (SPEC §2, §4, §8), single sign-on to the partner HR system and the job portal (SPEC §7,
// §8), as journeys through the built app, nginx and the contract's mock: a tile opening its module's
// screen, and each link's token call opening the returned address in a window of its own. Outside sites
// are answered locally: the test machine has no internet. The menu's states and each error's wording
// (password not changed, CHANGE_PASSWORD, 401 in the body, another error, a network failure) are
// component tests: src/features/more/more-modal.test.tsx and src/features/links/quick-links.test.tsx.
import { expect, signedInTest as test, type BrowserContext } from './support/test.ts';
import { openSignedIn } from './support/app.ts';

const SSO_URL = 'https://sunfish.company.example/sso?token=6f1d0c2b9e';
const JOB_URL = 'https://jobs.company.example/login?token=a81c77e0';

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

test('More asks for the user data afresh and its "QA Audit" tile opens /qa-audit/home', async ({ page }) => {
  await openSignedIn(page);
  const userData = page.waitForRequest((request) => request.url().endsWith('/api/auth/user-data'));
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'More' });
  await expect(dialog.getByRole('heading', { name: 'More' })).toBeVisible();
  await userData;
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'QA Audit' }).click();
  await expect(page).toHaveURL(/\/qa-audit\/home$/);
  await expect(page.getByRole('heading', { name: 'QA Audit', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'More' })).toHaveCount(0);
});

test('Sunfish HR and the job portal each open the returned address in a new window that cannot reach back', async ({ page, context }) => {
  const requested = await answerOutsideSites(context);
  await openSignedIn(page);

  const ssoCall = page.waitForRequest((request) => request.url().endsWith('/api/sunfish-sso/request-token'));
  const ssoOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sunfish HR' }).click();
  expect((await ssoCall).method()).toBe('POST');
  const sso = await ssoOpened;
  await sso.waitForURL(SSO_URL);
  await expect(sso.locator('body')).toHaveText('ok');
  expect(await sso.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sunfish HR' })).toBeEnabled();

  const jobCall = page.waitForRequest((request) => request.url().endsWith('/api/city-job/generate-token'));
  const jobOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Job portal' }).click();
  expect((await jobCall).method()).toBe('GET');
  const job = await jobOpened;
  await job.waitForURL(JOB_URL);
  expect(requested).toEqual([SSO_URL, JOB_URL]);
  await expect(page).toHaveURL(/\/home$/);
});

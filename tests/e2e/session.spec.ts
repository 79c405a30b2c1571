// The session across the real pieces (SPEC §2, §4, §5): the login screen through nginx to the mock, the
// app's storage across reloads, the route guard, and a 401 ending the session. The screens' own checks
// (the form's validation and busy button, the server's message on wrong credentials, the change-password
// form, every hostile redirect_to, each kind of user-data failure, the permission list's caching) are
// component and unit tests beside the code: src/features/session/*.test.ts(x), src/features/permissions.
import { expect, signedInTest, test } from './support/test.ts';
import { preferExample, signIn } from './support/app.ts';

test('signing in through the login screen lands on /home greeted; a reload keeps the session and the screen; logout ends it for good', async ({ page }) => {
  const loginCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
  // The empty path goes to the login screen (signIn waits for it).
  await signIn(page);
  const request = await loginCall;
  expect(request.headers()).toMatchObject({ 'app-platforms': 'pwa', 'pwa-version': '2.2.031', 'android-version': '2.0.39', 'ios-version': '2.0.37' });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();

  // A full page load elsewhere: the stored session opens that screen.
  await page.goto('/online-meetings');
  await expect(page.getByRole('heading', { name: 'Online meetings' })).toBeVisible();
  await expect(page).toHaveURL(/\/online-meetings$/);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a deep link opened without a session comes back after login', async ({ page }) => {
  await page.goto('/event-registration/history');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/event-registration\/history$/);
});

signedInTest('an HTTP 401 on user data ends a stored session: /login, and it does not come back', async ({ page }) => {
  await preferExample(page, '/popup/announcement', 'example=empty');
  await preferExample(page, '/auth/user-data', 'code=401');
  const userData = page.waitForRequest((request) => request.url().endsWith('/api/auth/user-data'));
  await page.goto('/home');
  // The stored session's token was sent, and answered 401.
  expect((await userData).headers()['authorization']).toMatch(/^Bearer \S+$/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.unrouteAll();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

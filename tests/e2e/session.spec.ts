import { expect, test } from './support/test.ts';
import { collectErrors, preferExample, signIn } from './support/app.ts';
import { APP_ORIGIN } from './support/stack.ts';

test('the empty path goes to login; signing in lands on /home with the user greeted', async ({ page }) => {
  const loginCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
  await signIn(page);
  const request = await loginCall;
  expect(request.headers()).toMatchObject({ 'app-platforms': 'pwa', 'pwa-version': '2.2.031', 'android-version': '2.0.39', 'ios-version': '2.0.37' });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
});

test('the login form says what is missing and keeps the button busy while signing in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your employee number or username.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Signing in/ })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/home$/);
});

test('wrong credentials show the server message and keep what was typed', async ({ page }) => {
  await preferExample(page, '**/api/auth/login', 'code=401');
  await signIn(page);
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page.getByLabel('Employee number or username')).toHaveValue('100234');
  await expect(page).toHaveURL(/\/login$/);
});

test('redirect_to is honoured after login', async ({ page }) => {
  await signIn(page, { from: '/login?redirect_to=%2Fnotification' });
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
});

for (const hostile of ['//evil.example', 'https://evil.example/home', 'javascript:alert(1)', '%2F%2Fevil.example', '/unknown-route']) {
  test(`a hostile redirect_to (${hostile}) lands on /home`, async ({ page }) => {
    await signIn(page, { from: `/login?redirect_to=${encodeURIComponent(hostile)}` });
    await expect(page).toHaveURL(`${APP_ORIGIN}/home`);
  });
}

test('a deep link opened without a session comes back after login', async ({ page }) => {
  await page.goto('/event-registration/history');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/event-registration\/history$/);
});

test('logout returns to /login and the session does not come back on reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a reload keeps the session and the screen', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/online-meetings');
  await expect(page.getByRole('heading', { name: 'Online meetings' })).toBeVisible();
  await expect(page).toHaveURL(/\/online-meetings$/);
});

for (const [name, prefer] of [
  ['an HTTP 401', 'code=401'],
  ['401 as a number in the body', 'example=unauthorizedNumber'],
  ['401 as a string in the body', 'example=unauthorizedString'],
] as const) {
  test(`${name} on user data forces logout`, async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/home$/);
    await preferExample(page, '**/api/auth/user-data', prefer);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await page.unrouteAll();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });
}

test('a user-data failure other than 401 says to log in again', async ({ page }) => {
  await preferExample(page, '**/api/auth/user-data', 'code=500');
  await signIn(page);
  await expect(page.getByRole('alertdialog')).toContainText('Sorry, something went wrong. Please log in again.');
  await expect(page.getByRole('alertdialog')).toContainText('Error');
  await page.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a malformed user-data answer is an error message, not a crash', async ({ page }) => {
  const errors = collectErrors(page);
  await page.route('**/api/auth/user-data', (route) => route.fulfill({ json: { changed_password: 'yes', user: { id: 'not-a-number' } } }));
  await signIn(page);
  await expect(page.getByRole('alertdialog')).toContainText('Sorry, something went wrong. Please log in again.');
  expect(errors).toEqual([]);
});

test('changed_password not 1 sends the user to /change-password, whose form checks its fields', async ({ page }) => {
  await preferExample(page, '**/api/auth/user-data', 'example=passwordNotChanged');
  await signIn(page);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current password').fill('s3cret-Passw0rd');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('N3w-s3cret-Passw0rd');
  await page.getByLabel('Confirm new password').fill('N3w-s3cret-Passw0rd-typo');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  await page.unrouteAll();
  const changeCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/change-password'));
  await page.getByLabel('Confirm new password').fill('N3w-s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await changeCall).postDataJSON()).toEqual({
    current_password: 's3cret-Passw0rd',
    new_password: 'N3w-s3cret-Passw0rd',
    new_password_confirmation: 'N3w-s3cret-Passw0rd',
  });
  await expect(page).toHaveURL(/\/home$/);
});

// Device registration for push after login (allowed: sent 200 ms after login; not allowed: nothing)
// is tested in notifications.spec.ts, against the sandbox and a stubbed push service.

test('the permission list is fetched once per session, and again after a new login', async ({ page }) => {
  const fetches: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/permission/get-pwa')) fetches.push(request.url());
  });
  await signIn(page);
  await expect.poll(() => fetches.length).toBe(1);
  await page.getByRole('link', { name: 'Online meetings' }).click();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => fetches.length).toBe(2);
});

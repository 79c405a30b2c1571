// A backend that answers GET /auth/user-data with exactly the fields SPEC §3 names (changed_password,
// compliance_ping, error, status_code), without the contract's inferred `user` (issue 21): the app
// stays signed in, on the user the sign-in answer named, and does not log everyone out with "Sorry,
// something went wrong. Please log in again."
import { expect, test } from './support/test.ts';
import { collectErrors, signIn } from './support/app.ts';

const SPEC_USER_DATA = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200 };

test('a user-data answer of exactly SPEC §3’s fields keeps the user signed in, after sign-in and after a reload', async ({ page }) => {
  const errors = collectErrors(page);
  let answered = 0;
  await page.route('**/api/auth/user-data', (route) => {
    answered += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(SPEC_USER_DATA) });
  });

  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();

  // A returning user: the app starts on the stored user data and confirms it with the same answer.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await expect.poll(() => answered).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Sorry, something went wrong. Please log in again.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The announcement pop-up (SPEC §2/§4/§9) against the mock: it opens on Home with the contract's
// example, marks it viewed, stays closed once closed, and hostile HTML never runs in the real browser.
import { expect, test, unexpectedViolations, type Page, type Route } from './support/test.ts';
import { XSS_CORPUS } from '../../src/shared/safe-html/xss-corpus.ts';
import { collectErrors, preferExample } from './support/app.ts';
import { SCRATCH_HEADER } from '../../mocks/sandbox/server.ts';

const POPUP_URL = '**/api/popup/announcement';

// Signs in through the login form (the shared helper's steps). Kept local so a default that quiets the
// pop-up for other specs, should the shared helper ever gain one, does not silence this one.
async function signInToHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Employee number or username').fill('100234');
  await page.getByLabel('Password').fill('s3cret-Passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

function announcementBody(id: number, content: string) {
  return { error: false, status_code: 200, announcement: { id, title: 'Announcement', content } };
}

/** Everything in the dialog that would let script run or the content escape it, as readable findings. */
async function unsafeInDialog(page: Page): Promise<string[]> {
  // The announcement's own content: the dialog's header holds the app's Close icon (an <svg> of its own).
  return page.getByRole('dialog').getByTestId('announcement-content').evaluate((dialog) => {
    const findings: string[] = [];
    for (const element of dialog.querySelectorAll('*')) {
      const tag = element.localName;
      if (['script', 'iframe', 'object', 'embed', 'form', 'style', 'base', 'meta', 'link', 'svg', 'math'].includes(tag)) findings.push(`<${tag}>`);
      for (const { name, value } of element.attributes) {
        if (name.toLowerCase().startsWith('on')) findings.push(`${tag}[${name}]`);
        // eslint-disable-next-line no-control-regex
        if (/^(?:javascript|vbscript|data):/i.test(value.replace(/[\u0000-\u0020]/g, ''))) findings.push(`${tag}[${name}=${value}]`);
      }
      if (tag === 'a' && element.hasAttribute('href') && element.getAttribute('target') !== '_blank') findings.push('a without target=_blank');
    }
    return findings;
  });
}

test('the pop-up opens on Home with the announcement, marks it viewed, and stays closed once closed', async ({ page }) => {
  const errors = collectErrors(page);
  // The sandbox remembers a viewed pop-up per user, and this worker's sandbox may have shown Ayu's
  // already (another spec): this test works on a fresh copy of the sandbox's data of its own.
  const scratch = `popup-${test.info().workerIndex}-${Date.now()}`;
  await page.route('**/api/**', (route: Route) => route.continue({ headers: { ...route.request().headers(), [SCRATCH_HEADER]: scratch } }));
  const markAsViewed = page.waitForRequest((request) => request.url().endsWith('/api/popup/mark-as-viewed') && request.method() === 'POST');
  await signInToHome(page);

  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  await expect(dialog).toBeVisible();
  expect((await markAsViewed).postDataJSON()).toEqual({ announcement_id: 1300 });

  // SPEC §9: busy for 200 ms after opening, then the content.
  const content = dialog.getByTestId('announcement-content');
  await expect(content).toHaveAttribute('aria-busy', 'false');
  await expect(dialog.getByRole('heading', { name: 'Year-end leave' })).toBeVisible();
  await expect(dialog.getByText('Submit your leave requests before')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Annual leave', 'Special leave']);
  const link = dialog.getByRole('link', { name: 'leave policy' });
  await expect(link).toHaveAttribute('href', 'https://hr.company.example/leave');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Away and back through the tab bar: the mock keeps offering announcement 1300, the app does not show it again.
  const tabs = page.getByRole('navigation');
  await tabs.getByRole('link', { name: 'Call', exact: true }).click();
  await expect(page).toHaveURL(/\/call$/);
  await tabs.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the announcement's allowed colours, alignment and emphasis render under a policy without 'unsafe-inline'", async ({ page, securityViolations }) => {
  await page.route(POPUP_URL, (route) =>
    route.fulfill({
      json: announcementBody(
        1301,
        '<h2 style="text-align:center;color:#c00">Styled notice</h2>' +
          '<p style="font-weight:bold;font-style:italic;text-decoration:underline wavy rgb(0, 0, 200)">Emphasised line</p>' +
          '<p style="color:rgb(0, 128, 0);position:fixed;top:0;left:0;z-index:2147483647;margin:-300px">Pinned line</p>',
      ),
    }),
  );
  const served = page.waitForResponse((response) => response.request().resourceType() === 'document');
  await signInToHome(page);
  // The production policy: nothing inline without a hash, style attributes included.
  const policy = (await served).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('style-src-attr');

  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  await expect(dialog.getByRole('heading', { name: 'Styled notice' })).toBeVisible();
  const computed = (text: string, properties: string[]) =>
    dialog.getByText(text, { exact: true }).evaluate((element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    }, properties);
  // What the sanitiser's grammar allowed is what Chromium renders (applied through the CSSOM)...
  expect(await computed('Styled notice', ['text-align', 'color'])).toEqual({ 'text-align': 'center', color: 'rgb(204, 0, 0)' });
  expect(await computed('Emphasised line', ['font-weight', 'font-style', 'text-decoration-line', 'text-decoration-style', 'text-decoration-color'])).toEqual({
    'font-weight': '700',
    'font-style': 'italic',
    'text-decoration-line': 'underline',
    'text-decoration-style': 'wavy',
    'text-decoration-color': 'rgb(0, 0, 200)',
  });
  // ...and nothing else: the pinned line keeps its colour, not its position or margins.
  expect(await computed('Pinned line', ['color', 'position', 'z-index'])).toEqual({ color: 'rgb(0, 128, 0)', position: 'static', 'z-index': 'auto' });
  expect(await computed('Pinned line', ['margin-top'])).toEqual(await computed('Emphasised line', ['margin-top']));
  expect(await dialog.locator('[data-ess-style]').count()).toBe(0);
  // Showing it violated nothing.
  expect(securityViolations.take()).toEqual([]);

  // The policy really refuses style attributes in this page: one set the old way stays unapplied (and
  // is reported: taken, so the guard does not fail the test on this deliberate refusal).
  const probe = await dialog.getByText('Pinned line', { exact: true }).evaluate((element) => {
    element.setAttribute('style', 'color: rgb(1, 2, 3)');
    return getComputedStyle(element).color;
  });
  expect(probe).not.toBe('rgb(1, 2, 3)');
  await expect.poll(() => securityViolations.list().filter((violation) => violation.source === 'event').map((violation) => violation.text.split(' (')[0])).toEqual([
    'style-src-attr blocked inline',
  ]);
  securityViolations.take();
});

test('nothing pops up when the server has no announcement', async ({ page }) => {
  await preferExample(page, '/popup/announcement', 'example=empty');
  let marked = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/popup/mark-as-viewed')) marked = true;
  });
  const fetched = page.waitForResponse((response) => response.url().endsWith('/api/popup/announcement'));
  await signInToHome(page);
  await fetched;
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(marked).toBe(false);
});

test('a failing pop-up call is silent: no dialog, no alert, Home works', async ({ page }) => {
  const errors = collectErrors(page);
  await preferExample(page, '/popup/announcement', 'code=500');
  const fetched = page.waitForResponse((response) => response.url().endsWith('/api/popup/announcement'));
  await signInToHome(page);
  expect((await fetched).status()).toBe(500);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The browser itself logs the failed request; the app adds no error of its own.
  expect(errors.filter((text) => !text.includes('500'))).toEqual([]);
});

test('a hostile announcement runs no script and its links neither run script nor open inside the app', async ({ page, securityViolations }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route(POPUP_URL, (route: Route) =>
    route.fulfill({
      json: announcementBody(
        666,
        '<p>Hostile notice</p><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">click me</a> ' +
          '<a href="https://example.com/benefits">benefits</a><img src="https://cdn.example/missing.png" alt="Poster" onerror="window.__pwned=3">',
      ),
    }),
  );
  const markAsViewed = page.waitForRequest((request) => request.url().endsWith('/api/popup/mark-as-viewed'));
  await signInToHome(page);

  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  await expect(dialog.getByText('Hostile notice')).toBeVisible();
  expect((await markAsViewed).postDataJSON()).toEqual({ announcement_id: 666 });

  const hostileLink = dialog.getByText('click me');
  await expect(hostileLink).not.toHaveAttribute('href', /./);
  await hostileLink.click();
  const safeLink = dialog.getByRole('link', { name: 'benefits' });
  await expect(safeLink).toHaveAttribute('href', 'https://example.com/benefits');
  await expect(safeLink).toHaveAttribute('target', '_blank');
  await expect(safeLink).toHaveAttribute('rel', 'noopener noreferrer');
  // The kept image failed to load (no network for it): its onerror would have fired by now.
  await expect.poll(() => dialog.getByRole('img', { name: 'Poster' }).evaluate((image: HTMLImageElement) => image.complete)).toBe(true);

  expect(await unsafeInDialog(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/home$/);
  // The production policy refused the image from a host it does not list; nothing else was reported.
  expect(unexpectedViolations(securityViolations.take())).toEqual([]);
});

// The whole corpus goes through the sanitiser and through the pop-up, vector by vector, in Vitest
// (src/shared/safe-html/sanitize.test.ts, src/features/announcements/announcement-popup.test.tsx). In
// Chromium, under the production policy, a sample of the vectors whose outcome depends on the browser:
// its HTML parser (namespace confusion and mutation XSS, raw-text breakouts, null bytes, entities in a
// scheme), the events it really fires (error, load, toggle, focus, animationstart), and what only a
// browser loads or applies (srcdoc, meta refresh, base, styles).
const BROWSER_SAMPLE = [
  'img onerror',
  'svg onload',
  'input autofocus onfocus',
  'details ontoggle',
  'animationstart handler',
  'xmp breakout',
  'a href with tab inside scheme',
  'a href hex entities without semicolons',
  'math mtext mglyph style mXSS',
  'svg style mXSS',
  'form in form namespace confusion',
  'noscript mXSS',
  'template mXSS',
  'comment breakout',
  'null byte in tag',
  'iframe srcdoc',
  'meta refresh javascript',
  'base href',
  'style tag url javascript',
  'forged style data attribute breaking out',
];
const SAMPLE = XSS_CORPUS.filter((vector) => BROWSER_SAMPLE.includes(vector.name));

test(`${BROWSER_SAMPLE.length} vectors of the XSS corpus, one announcement after another, run nothing in Chromium`, async ({ page, securityViolations }) => {
  expect(SAMPLE.map((vector) => vector.name)).toEqual(expect.arrayContaining(BROWSER_SAMPLE));
  expect(SAMPLE).toHaveLength(BROWSER_SAMPLE.length);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Each fetch answers the next vector; marking one viewed refetches, so closing one pops up the next.
  let served = 0;
  await page.route(POPUP_URL, (route) => {
    const index = served++;
    const vector = SAMPLE[index];
    return route.fulfill({
      json: vector
        ? announcementBody(9000 + index, `<p>Vector ${index}</p>${vector.html}`)
        : { error: false, status_code: 200, announcement: null },
    });
  });
  await signInToHome(page);

  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  for (const [index, vector] of SAMPLE.entries()) {
    await expect(dialog.getByText(`Vector ${index}`, { exact: true }), vector.name).toBeVisible();
    expect(await unsafeInDialog(page), vector.name).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), vector.name).toBeUndefined();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.getByText(`Vector ${index}`, { exact: true })).toBeHidden();
  }
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/home$/);
  // What the production policy reported is its refusing the corpus's <style>, <script> and outside
  // images while the sanitiser parsed or the dialog showed them; nothing else.
  expect(unexpectedViolations(securityViolations.take())).toEqual([]);
});

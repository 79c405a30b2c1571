// Hostile content stays in its box (issue 19, item 8), in Chromium, where layout and paint are real:
// - a feed post whose HTML tries to paint over its neighbours (a fixed block, negative margins, a huge
//   box-shadow, an outline pushed away, a 9999px underline, a transform) paints only inside its own
//   box: the sanitiser drops those styles, and the safe-html container contains the paint of whatever
//   a future gap in the sanitiser might let through (the test then writes such styles into the
//   rendered post directly);
// - the announcement pop-up's HTML reaches the DOM as a TrustedHTML under an enforced
//   `require-trusted-types-for 'script'` (a string would be refused).
// jsdom has no layout; these checks look at the pixels Chromium painted and at what it hit-tests.
import { expect, test, type Locator, type Page } from './support/test.ts';
import { signIn } from './support/app.ts';

// Every hostile paint is magenta: any magenta pixel outside the hostile post's box is a leak.
const HOSTILE_HTML = [
  '<p style="color:#f0f">Hostile post body</p>',
  '<div style="position:fixed;top:0;left:0;right:0;height:300px;background:#f0f;color:#f0f;z-index:2147483647">Session expired, sign in again</div>',
  '<div style="margin:-400px 0 0 -50px;width:200vw;height:400px;background:#f0f">pulled up</div>',
  '<span style="box-shadow:0 0 0 9999px #f0f;color:#f0f">shadow</span> ',
  '<span style="outline:200px solid #f0f;outline-offset:300px">outline</span> ',
  '<span style="text-decoration:underline solid #f0f 9999px;text-underline-offset:-500px">underline</span>',
  '<p style="transform:translateY(-600px) scale(40);color:#f0f">moved</p>',
].join('');

// The same escapes, written into the rendered post as if the sanitiser had let them through.
const ESCAPING_STYLES = [
  'position:fixed;top:0;left:0;right:0;height:300px;background:#f0f;z-index:2147483647',
  'position:absolute;top:-500px;left:-100px;width:200vw;height:2000px;background:#f0f',
  'margin:-400px 0 0 -50px;width:200vw;height:400px;background:#f0f',
  'display:inline-block;box-shadow:0 0 0 9999px #f0f',
  'display:inline-block;outline:200px solid #f0f;outline-offset:300px',
  'text-decoration:underline solid #f0f 9999px;text-underline-offset:-500px',
  'transform:translateY(-600px) scale(40);background:#f0f',
];

function post(id: number, title: string, content: string) {
  return {
    id,
    title,
    content,
    group_type: 'company_wide',
    user: { id: 7, first_name: 'Dewi', last_name: 'Kartika', signed_profile_picture_url: null },
    comments: [],
    created_at: '2026-11-20T09:00:00Z',
  };
}

async function homeWithHostilePost(page: Page): Promise<{ hostile: Locator; above: Locator; below: Locator }> {
  await page.route('**/api/ess/feed?*', (route) =>
    route.fulfill({
      json: {
        error: false,
        status_code: 200,
        data: [
          post(9001, 'Post above', '<p>An ordinary announcement above.</p>'.repeat(3)),
          post(9002, 'Hostile post', HOSTILE_HTML),
          post(9003, 'Post below', '<p>An ordinary announcement below.</p>'.repeat(3)),
        ],
        meta: { current_page: 1, last_page: 1, per_page: 15, total: 3 },
      },
    }),
  );
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const hostile = page.getByRole('article', { name: 'Hostile post' });
  await expect(hostile.getByText('Hostile post body')).toBeVisible();
  await hostile.scrollIntoViewIfNeeded();
  return {
    hostile,
    above: page.getByRole('article', { name: 'Post above' }),
    below: page.getByRole('article', { name: 'Post below' }),
  };
}

const contentOf = (article: Locator) => article.locator('[data-safe-html]');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How many magenta pixels Chromium painted in the viewport outside the content's box (decoded in a blank
 * page). The box is read before and after the screenshot, and the pair is taken again when they differ:
 * Home's deferred parts (the bell's count, the Services grid) can still move the post while the picture is
 * taken, and a box from before the move would count the post's own magenta as a leak.
 */
async function magentaOutside(page: Page, content: Locator): Promise<number> {
  let box: Box | null = null;
  let png: Buffer | null = null;
  for (let attempt = 0; attempt < 10 && !png; attempt += 1) {
    const before = (await content.boundingBox())!;
    const shot = await page.screenshot();
    const after = (await content.boundingBox())!;
    if (JSON.stringify(before) === JSON.stringify(after)) [box, png] = [after, shot];
  }
  if (!box || !png) throw new Error('The post kept moving: no screenshot with a settled box in 10 tries');
  const viewport = page.viewportSize()!;
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ({ data, box, viewportWidth }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const scale = image.naturalWidth / viewportWidth;
        // One CSS pixel of slack around the box for anti-aliasing.
        const left = Math.floor((box.x - 1) * scale);
        const right = Math.ceil((box.x + box.width + 1) * scale);
        const top = Math.floor((box.y - 1) * scale);
        const bottom = Math.ceil((box.y + box.height + 1) * scale);
        let count = 0;
        for (let y = 0; y < canvas.height; y += 1) {
          for (let x = 0; x < canvas.width; x += 1) {
            if (x >= left && x <= right && y >= top && y <= bottom) continue;
            const at = (y * canvas.width + x) * 4;
            if (pixels[at]! > 200 && pixels[at + 1]! < 90 && pixels[at + 2]! > 200) count += 1;
          }
        }
        return count;
      },
      { data: png.toString('base64'), box, viewportWidth: viewport.width },
    );
  } finally {
    await scratch.close();
  }
}

/** What Chromium hit-tests at the centre of each locator's box: true when it is inside the hostile content. */
async function hitsHostileContentAt(page: Page, hostile: Locator, targets: Locator[]): Promise<boolean[]> {
  const container = await contentOf(hostile).elementHandle();
  const points = await Promise.all(
    targets.map(async (target) => {
      const box = (await target.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }),
  );
  return page.evaluate(({ container, points }) => points.map(({ x, y }) => container!.contains(document.elementFromPoint(x, y))), { container, points });
}

test('a post that tries to paint over its neighbours paints only inside its own box, and so do styles that got past the sanitiser (paint containment)', async ({ page }) => {
  const { hostile, above, below } = await homeWithHostilePost(page);
  const content = contentOf(hostile);
  // What the sanitiser kept: the colours, nothing that moves, sizes or paints outside the text (applied
  // through the CSSOM, which serialises them as rgb()).
  const styles = await content.locator('[style]').evaluateAll((elements) => elements.map((element) => element.getAttribute('style')));
  expect(styles).toEqual(['color: rgb(255, 0, 255);', 'color: rgb(255, 0, 255);', 'color: rgb(255, 0, 255);', 'color: rgb(255, 0, 255);']);
  await expect(content.locator('[data-ess-style]')).toHaveCount(0);

  expect(await magentaOutside(page, content)).toBe(0);
  // The neighbours, the header and the tab bar are still what a tap reaches.
  await above.scrollIntoViewIfNeeded();
  expect(await hitsHostileContentAt(page, hostile, [above.getByRole('heading'), page.getByRole('navigation')])).toEqual([false, false]);
  await below.scrollIntoViewIfNeeded();
  expect(await hitsHostileContentAt(page, hostile, [below.getByRole('heading')])).toEqual([false]);

  // Styles that got past the sanitiser still cannot paint or catch taps outside the post (paint
  // containment): written through the CSSOM, as a sanitiser gap would leave them in the post's own elements.
  await content.evaluate((element, styles) => {
    for (const style of styles) {
      const block = document.createElement('div');
      block.textContent = 'escaped';
      block.style.cssText = `${style};color:#f0f`;
      element.append(block);
    }
  }, ESCAPING_STYLES);
  await hostile.scrollIntoViewIfNeeded();
  // The fixed block really is there, and really is magenta: it is painted, inside the post only.
  await expect(content.getByText('escaped').first()).toBeAttached();

  expect(await magentaOutside(page, content)).toBe(0);
  await above.scrollIntoViewIfNeeded();
  expect(await hitsHostileContentAt(page, hostile, [above.getByRole('heading'), page.getByRole('navigation')])).toEqual([false, false]);
});

test.describe('Trusted Types', () => {
  // Registering the service worker is a Trusted Types sink of its own (the production policy covers it);
  // this test only looks at how rich HTML reaches the DOM.
  test.use({ serviceWorkers: 'block' });

  test("the announcement's HTML reaches the DOM as a TrustedHTML under require-trusted-types-for 'script'", async ({ page, securityViolations }) => {
    // The app's documents are served with Trusted Types enforced, on top of the policy the server sends
    // (so this test holds whatever server runs the app).
    const TRUSTED_TYPES = "require-trusted-types-for 'script'; trusted-types dompurify ess-app 'allow-duplicates'";
    // Each policy that enforces Trusted Types reports a refusal once.
    let enforcing = 1;
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const served = response.headers()['content-security-policy'];
      enforcing = served?.includes('require-trusted-types-for') ? 2 : 1;
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': served ? `${served}, ${TRUSTED_TYPES}` : TRUSTED_TYPES } });
    });
    await page.route('**/api/popup/announcement', (route) =>
      route.fulfill({
        json: {
          error: false,
          status_code: 200,
          announcement: { id: 4242, title: 'Announcement', content: '<h2>Year-end leave</h2><p onclick="alert(1)">Submit by <b>1 December</b>.</p><img src=x onerror="window.__xss=1">' },
        },
      }),
    );
    await signIn(page, { withPopup: true });
    const dialog = page.getByRole('dialog', { name: 'Announcement' });
    await expect(dialog.getByRole('heading', { name: 'Year-end leave' })).toBeVisible();
    await expect(dialog.getByText('Submit by 1 December.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // Rendering it violated nothing (a string handed to innerHTML would have been refused and reported).
    expect(securityViolations.take()).toEqual([]);

    // Trusted Types really are enforced in this page: a plain string is refused (and reported: taken).
    const probe = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>probe</b>';
        return 'accepted';
      } catch {
        return 'refused';
      }
    });
    expect(probe).toBe('refused');
    // Each enforcing policy reports it as an event (the console's messages come before it): taken, so
    // the guard does not fail the test on this deliberate refusal.
    const reported: Array<{ source: string; text: string }> = [];
    await expect
      .poll(() => {
        reported.push(...securityViolations.take());
        return reported.filter((violation) => violation.source === 'event').length;
      })
      .toBeGreaterThanOrEqual(enforcing);
    reported.push(...securityViolations.take());
    expect(reported.filter((violation) => violation.source === 'event').map((violation) => violation.text)).toEqual(
      Array.from({ length: enforcing }, () => 'require-trusted-types-for blocked trusted-types-sink (Element innerHTML|<b>probe</b>)'),
    );
  });
});

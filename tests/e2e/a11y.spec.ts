// Accessibility stays at 100: axe-core on every screen of the screenshot gallery
// (scripts/lib/gallery-screens.ts, the one list `npm run screenshots` photographs), in light and dark, at
// a phone's width (390) and a desktop's (1280), in English. Any violation of impact serious or critical
// fails, each listed with its screen, width, theme, rule, element and what is wrong; colour contrast is
// checked in both themes.
//
// Kept short: a test per group of screens (they run on separate workers), one sign-in per test, each screen
// opened once at 390 px and checked light and dark, then widened to 1280 px in place and checked again.
// A screen opens inside the app already running on the previous one's page (its address pushed to the
// router, as a tap would) unless something of the previous screen could reach it (visitGallery's inApp):
// the app starts for a run of screens, not for each.
// axe-core runs in the page itself (axe.run on the document, violations only, the web modules' frames
// left out), evaluated once per document and run four times there: evaluating axe's 560 KB source took
// as long as a whole check, and @axe-core/playwright evaluates it twice per check. It is evaluated through
// the DevTools protocol, which the page's Content-Security-Policy does not govern, and writes no HTML sink
// the Trusted Types policy guards, so the violation guard (support/test.ts) watches these pages like any other.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { GALLERY_SCREENS, GALLERY_VIEWPORTS, type GalleryScreen, type GalleryTheme } from '../../scripts/lib/gallery-screens.ts';
import { prepareGallery, settleScreen, showTheme, visitGallery } from '../../scripts/lib/gallery-visit.ts';
import { devices, expect, test, type Page } from './support/test.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = { iframes: false, resultTypes: ['violations'] };
/**
 * What each theme is checked for. The themes differ in colours only (the same document, restyled by
 * <html data-theme>), so light is checked with every rule and dark with the rules that read colours.
 */
const THEMES: ReadonlyArray<{ theme: GalleryTheme; options: RunOptions }> = [
  { theme: 'light', options: AXE_OPTIONS },
  { theme: 'dark', options: { ...AXE_OPTIONS, runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } } },
];

/** axe-core's violations on the page's document, axe evaluated in it first if this document has not got it yet. */
async function axeViolations(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate((options) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options), options);
  return results.violations;
}
const BLOCKING = new Set(['serious', 'critical']);
const [PHONE, DESKTOP] = GALLERY_VIEWPORTS;

interface Finding {
  screen: string;
  width: number;
  theme: GalleryTheme | '-';
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

const line = (finding: Finding) => `${finding.screen} ${finding.width} ${finding.theme}: ${finding.impact} ${finding.rule} at ${finding.target}: ${finding.summary}`;

async function check(page: Page, screen: GalleryScreen, width: number, findings: Finding[]): Promise<void> {
  for (const { theme, options } of THEMES) {
    await showTheme(page, theme);
    await settleScreen(page);
    // The web modules' frames are the company's pages (here the mocks' stand-ins), not this app's.
    for (const violation of await axeViolations(page, options)) {
      if (!BLOCKING.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        const summary = (node.failureSummary ?? violation.help).replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' ').slice(0, 300);
        findings.push({ screen: screen.id, width, theme, rule: violation.id, impact: violation.impact!, target: node.target.join(' > '), summary });
      }
    }
  }
}

const groups = [...new Set(GALLERY_SCREENS.map((screen) => screen.group))];
// Session and Notifications are a screen or two each: they go with Home and with the web modules. The
// longest first, so the workers finish together.
// Chat, the largest group (issue 24 added its extras), gets 420 s: it outlasted 240 s in a whole run on two
// cores (2-3.3 min beside one other test). (Not split: its screens are visited in order, one after the
// other's steps.)
const batches: Array<{ groups: string[]; timeout?: number }> = [
  { groups: ['Chat'], timeout: 420_000 },
  { groups: ['Session', 'Home'] },
  { groups: ['Calls'] },
  { groups: ['Notifications', 'Web modules and errors'] },
  { groups: ['QR codes'] },
];
const unbatched = groups.filter((group) => !batches.some((batch) => batch.groups.includes(group)));
if (unbatched.length > 0) throw new Error(`a11y.spec.ts: gallery groups in no test: ${unbatched.join(', ')}`);

for (const batch of batches) {
  test(`${batch.groups.join(' and ')}: no serious or critical accessibility violation at ${PHONE.width} and ${DESKTOP.width} px, light or dark`, async ({ browser, request, stack }) => {
    test.setTimeout(batch.timeout ?? 240_000);
    const screens = GALLERY_SCREENS.filter((screen) => batch.groups.includes(screen.group));
    const findings: Finding[] = [];
    const data = await prepareGallery(request);
    const phone = devices['Pixel 7'];

    await visitGallery({
      newContext: () =>
        browser.newContext({
          userAgent: phone.userAgent,
          isMobile: phone.isMobile,
          hasTouch: phone.hasTouch,
          viewport: { ...PHONE },
          baseURL: stack.appOrigin,
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
          permissions: ['camera', 'microphone'],
        }),
      screens,
      language: 'en',
      data,
      realtimeMock: stack.realtimeMock,
      appOrigin: stack.appOrigin,
      inApp: true,
      atScreen: async ({ page }, screen) => {
        await check(page, screen, PHONE.width, findings);
        await page.setViewportSize({ ...DESKTOP });
        await check(page, screen, DESKTOP.width, findings);
        // A screen that continues on this page (a call) starts from the phone again, in light.
        await page.setViewportSize({ ...PHONE });
        await page.emulateMedia({ colorScheme: 'light' });
      },
      failed: async (screen, error) => {
        findings.push({ screen: screen.id, width: 0, theme: '-', rule: 'gallery-step', impact: 'critical', target: '-', summary: `the screen could not be shown: ${error.message.split('\n')[0]}` });
      },
    });

    await test.info().attach('axe findings', { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
    expect(findings.length, `serious or critical accessibility violations:\n${findings.map(line).join('\n')}\n`).toBe(0);
  });
}

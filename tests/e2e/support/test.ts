// Every browser test imports `test` and `expect` from here: Playwright's, plus an automatic check that
// fails the test on any Content-Security-Policy or Trusted Types violation on a screen of the app
// (served by nginx with its production headers: each worker its own, ./stack.ts). It watches every browser
// context the test uses (the default one and those it opens with browser.newContext/newPage): each
// document of the app's origin, in every frame, reports its `securitypolicyviolation` events, and the
// console's "Refused to …" / Trusted Types messages (also the service worker's) are collected. A test
// that provokes a violation on purpose takes it with `securityViolations.take()`.
import { expect, test as base, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';
import { signIn, storedKeys, withoutPreferences, type StoredSession } from './app.ts';
import { stackOfSlot, type WorkerStack } from './stack.ts';

// Everything else (expect, the types) as Playwright exports it: a spec changes only its import's module.
export * from '@playwright/test';

export interface SecurityViolation {
  source: 'event' | 'console';
  /** The document (or worker) it happened in. */
  url: string;
  /** The directive and what was blocked (event), or the console's text. */
  text: string;
}

export interface SecurityViolations {
  /** The violations so far (the test still fails on them unless it takes them). */
  list(): SecurityViolation[];
  /** The violations so far, removed from the list (so the test does not fail on them). */
  take(): SecurityViolation[];
}

const BINDING = '__essSecurityViolation';

/**
 * What the policy reports while the app handles hostile rich HTML (the XSS tests): Chromium reports the
 * inline <style> and <script> of markup the sanitiser parses (in its inert document, before it drops
 * them), and an image from a host the policy does not list. Each is the policy refusing, never running.
 */
export const REFUSED_HOSTILE_CONTENT = [
  /^style-src-elem blocked inline\b/,
  /^require-trusted-types-for blocked trusted-types-sink \(HTMLScriptElement (text|textContent|innerText)\b/,
  /^img-src blocked https?:\/\//,
  /^Applying inline style violates the following Content Security Policy directive 'style-src /,
  /^This document requires 'TrustedScript' assignment\. (This script element was modified without use of TrustedScript assignment|An HTMLScriptElement was directly modified and will not be executed)\./,
  /^Loading the image 'https?:\/\/[^']+' violates the following Content Security Policy directive: "img-src /,
];

/** The violations that are not among `allowed` (each violation's text is matched). */
export function unexpectedViolations(violations: SecurityViolation[], allowed: readonly RegExp[] = REFUSED_HOSTILE_CONTENT): SecurityViolation[] {
  return violations.filter((violation) => !allowed.some((pattern) => pattern.test(violation.text)));
}

/** Runs in every document of every frame before its own scripts (Playwright's init script, not subject to the CSP). */
function listenForViolations(binding: string): void {
  addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, ((violation: unknown) => void) | undefined>)[binding];
      report?.({
        documentURI: event.documentURI,
        directive: event.effectiveDirective || event.violatedDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        sourceFile: event.sourceFile,
        line: event.lineNumber,
      });
    },
    true,
  );
}

const VIOLATION_TEXT = /Content Security Policy|Trusted ?Types?|TrustedHTML|TrustedScript|TrustedScriptURL|require-trusted-types-for/i;

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

class ViolationGuard implements SecurityViolations {
  private found: SecurityViolation[] = [];
  private readonly watched = new WeakSet<BrowserContext>();
  private readonly appOrigin: string;

  constructor(appOrigin: string) {
    this.appOrigin = appOrigin;
  }

  list(): SecurityViolation[] {
    return [...this.found];
  }

  take(): SecurityViolation[] {
    return this.found.splice(0);
  }

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    await context.exposeBinding(BINDING, ({ frame }, violation: Record<string, unknown>) => {
      const url = String(violation.documentURI ?? frame.url());
      if (originOf(url) !== this.appOrigin) return;
      const sample = violation.sample ? ` (${String(violation.sample).slice(0, 120)})` : '';
      const where = violation.sourceFile ? ` at ${String(violation.sourceFile)}:${String(violation.line)}` : '';
      this.found.push({ source: 'event', url, text: `${String(violation.directive)} blocked ${String(violation.blockedURI)}${sample}${where}` });
    });
    await context.addInitScript(listenForViolations, BINDING);
    context.on('console', (message) => this.fromConsole(message));
  }

  private fromConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (!VIOLATION_TEXT.test(text)) return;
    const url = message.worker()?.url() ?? message.location().url ?? message.page()?.url();
    const pageUrl = message.page()?.url();
    if (originOf(url) !== this.appOrigin && originOf(pageUrl) !== this.appOrigin) return;
    this.found.push({ source: 'console', url: url || pageUrl || '', text: text.slice(0, 400) });
  }
}

/** Wraps the browser's context factories for the duration of one test, so every context is watched. */
function watchNewContexts(browser: Browser, guard: ViolationGuard): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    await guard.watch(context);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: the page owns its context.
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export const test = base.extend<{ securityViolations: SecurityViolations; freshSandbox: void }, { stack: WorkerStack; storedSession: StoredSession }>({
  // This worker slot's own mocks and nginx (./stack.ts), started by the global setup; the app's address is every test's baseURL.
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => use(stackOfSlot(workerInfo.parallelIndex)),
    { scope: 'worker', auto: true },
  ],
  // The mock's user signed in once per worker, for `signedInTest` (below). Defined here, not in an
  // extension of its own: Playwright gives each set of worker fixtures workers of its own, so the specs
  // using it would otherwise start a worker (a browser and its sign-ins) apart from the others.
  storedSession: [
    async ({ browser, stack }, use) => {
      const context = await browser.newContext({ baseURL: stack.appOrigin });
      let stored: StoredSession;
      try {
        const page = await context.newPage();
        await signIn(page);
        await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
        // Home keeps its first feed page for the next start: stored once it has shown.
        await expect(page.getByRole('article').first()).toBeVisible();
        await expect.poll(() => page.evaluate(storedKeys)).toEqual(expect.arrayContaining(['access_token', 'user_data', 'home_feed']));
        stored = withoutPreferences(await context.storageState({ indexedDB: true }));
      } finally {
        // Closed before the tests start: its app would otherwise keep its connections and polls up for
        // the worker's whole life, beside every test.
        await context.close();
      }
      await use(stored);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.appOrigin),
  // Every test starts from the sandbox's seed: what an earlier test of the worker wrote (a call's line in
  // the direct room, a hundred sends) never pushes the seeded messages a later one looks for off the
  // room's first page, whichever order the workers take the tests in.
  freshSandbox: [
    async ({ stack }, use) => {
      const answer = await fetch(`${stack.sandbox}/__sandbox/reset`, { method: 'POST' });
      if (!answer.ok) throw new Error(`The sandbox did not reset (HTTP ${answer.status}).`);
      await use();
    },
    { auto: true },
  ],
  securityViolations: [
    async ({ browser, baseURL }, use) => {
      const guard = new ViolationGuard(new URL(baseURL!).origin);
      const restore = watchNewContexts(browser, guard);
      try {
        await use(guard);
      } finally {
        restore();
      }
      const left = guard.take();
      if (left.length > 0) {
        throw new Error(`Content-Security-Policy / Trusted Types violations on the app's screens:\n${left.map((v) => `  - [${v.source}] ${v.url}: ${v.text}`).join('\n')}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, securityViolations }, use) => {
    await (securityViolations as ViolationGuard).watch(context);
    await use(context);
  },
});

/**
 * For tests whose subject is not the sign-in: each test's browser context starts with the session of
 * the mock's user (against the contract's examples) already stored, as a returning user's browser has
 * it: the token, the user data and the last Home in the app's IndexedDB storage, and the examples
 * cookie. The worker signs in through the login screen once, when its first such test starts, and keeps
 * what the browser stored (Playwright's storageState with IndexedDB); no test can change that copy, and
 * Prism accepts the token whatever state the sandbox is reset to. Open the app with `openSignedIn`
 * (./app.ts).
 */
export const signedInTest = test.extend({
  storageState: async ({ storedSession }, use) => use(storedSession),
});

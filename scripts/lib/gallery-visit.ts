// How the gallery's screens (./gallery-screens.ts) are visited, for `npm run screenshots` and the
// accessibility test alike: one sign-in per run, the language chosen as the app keeps it, a page per
// screen (or the previous page, for a screen that continues it or, for the accessibility test, one the
// running app can open), other employees' windows for calls, and waits for content instead of fixed sleeps.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { PREFER_COOKIE, preferCookieValue } from '../../mocks/sandbox/routes.ts';
import {
  AYU,
  BUDI,
  SANDBOX_PASSWORD,
  type Employee,
  type GalleryData,
  type GalleryLanguage,
  type GalleryScreen,
  type GalleryTheme,
  type ScreenVisit,
} from './gallery-screens.ts';

type Texts = Record<string, unknown>;

/** The app's texts in one language, as visits use them (t and pattern of ScreenVisit). */
export function galleryTexts(language: GalleryLanguage): Pick<ScreenVisit, 't' | 'pattern'> {
  const texts = JSON.parse(readFileSync(resolve('public/assets/i18n', `${language}.json`), 'utf8')) as Texts;
  const raw = (key: string): string => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);
    if (typeof found !== 'string') throw new Error(`gallery: no text ${key} in ${language}.json`);
    return found;
  };
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    t: (key, values = {}) => raw(key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? '')),
    pattern: (...keys) => new RegExp(`^(?:${keys.map((key) => escape(raw(key)).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+?')).join('|')})$`),
  };
}

/**
 * The language the app starts in, chosen before it is shown: written where the app keeps it (the Ionic
 * layout, database `_ionicstorage`, store `_ionickv`, key `language`; src/shared/storage), then reloaded.
 */
export async function chooseLanguage(page: Page, language: GalleryLanguage): Promise<void> {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolveWrite, rejectWrite) => {
        const open = indexedDB.open('_ionicstorage');
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains('_ionickv')) open.result.createObjectStore('_ionickv');
        };
        open.onerror = () => rejectWrite(open.error);
        open.onsuccess = () => {
          const write = open.result.transaction('_ionickv', 'readwrite');
          write.objectStore('_ionickv').put(value, 'language');
          write.oncomplete = () => {
            open.result.close();
            resolveWrite();
          };
          write.onerror = () => rejectWrite(write.error);
        };
      }),
    language,
  );
  await page.reload();
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

/** Signs in through the login screen as `who`; the session (IndexedDB) then serves every page of the context. */
export async function signInForGallery(page: Page, visit: Pick<ScreenVisit, 't'>, who: Employee = AYU): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(visit.t('login.username')).fill(who.username);
  await page.getByLabel(visit.t('login.password')).fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: visit.t('login.submit') }).click();
  await page.getByRole('heading', { name: visit.t('home.welcome', { name: who.name }) }).waitFor({ timeout: 15_000 });
}

async function tokenOf(request: APIRequestContext, who: Employee): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { username: who.username, password: SANDBOX_PASSWORD } });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** What the visit needs the sandbox to hold first: a group whose poll Budi asked and three colleagues answered. */
export async function prepareGallery(request: APIRequestContext): Promise<GalleryData> {
  const as = async <T>(who: Employee, path: string, data: unknown): Promise<T> => {
    const answer = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${await tokenOf(request, who)}` }, data });
    if (!answer.ok()) throw new Error(`gallery: POST ${path} answered ${answer.status()}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const group = await as<{ chat_room: { uuid: string } }>(AYU, '/live-chat/start-group-chat', { name: 'Makan Siang Jumat', participants: [BUDI.id, 57, 61] });
  const pollRoomUuid = group.chat_room.uuid;
  const setup = await as<{ vote: { id: number; options: Array<{ id: number }> } }>(BUDI, '/v2/live-chat/setup-vote-feature', {
    chat_room_uuid: pollRoomUuid,
    question: 'Makan siang Jumat di mana?',
    options: ['Padang Sederhana', 'Soto Betawi', 'Warung Sunda'],
    allow_multiple_answers: false,
    is_anonymous: false,
    expired_at: null,
  });
  const [first, second] = setup.vote.options;
  for (const [voter, option] of [[BUDI, first], [{ username: 'rizky.pratama', name: 'Rizky Pratama', id: 57 }, first], [{ username: 'siti.rahmawati', name: 'Siti Rahmawati', id: 61 }, second]] as const) {
    await as(voter, '/v2/live-chat/vote', { vote_id: setup.vote.id, option_ids: [option!.id] });
  }
  return { pollRoomUuid };
}

const addressOf = (screen: GalleryScreen, data: GalleryData): string => (typeof screen.path === 'function' ? screen.path(data) : screen.path);

/**
 * Opens a screen: its own answers, its address (unless it continues the previous page; `inApp`: through
 * the running app's router, as a tap would), its steps, then waits for the app to settle.
 */
export async function openScreen(visit: ScreenVisit, screen: GalleryScreen, { inApp = false }: { inApp?: boolean } = {}): Promise<void> {
  await screen.before?.(visit);
  if (inApp) {
    const address = addressOf(screen, visit.data);
    // Another address of the screen on show (or the same one) would keep it mounted with what it shows:
    // the app first leaves it for a page that shares nothing with it (Page not found), as Back would.
    if (new URL(address, visit.page.url()).pathname === new URL(visit.page.url()).pathname) {
      await routeTo(visit.page, BOUNCE_ADDRESS);
      await visit.page.getByRole('link', { name: visit.t('notFound.home') }).waitFor();
      await visit.page.waitForFunction(() => document.querySelector('[role="dialog"], [role="alertdialog"]') === null);
    }
    await routeTo(visit.page, address);
  } else if (screen.path !== 'continue') await visit.page.goto(addressOf(screen, visit.data));
  await screen.show(visit);
  await deferredWorkDone(visit.page);
  await settleScreen(visit.page);
}

/** An address no screen has: the running app shows Page not found there. */
const BOUNCE_ADDRESS = '/gallery-between-screens';

/** Pushes an address to the running app's router, as a tap on a link would. */
async function routeTo(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
}

/**
 * What the app does once the first content shows (src/shared/scheduling/after-first-content.ts: the tab
 * icons, the badge counters, the realtime connections…) has run and its answers are in: the tab icons
 * are drawn (queued after the rest, so the rest has started), then the network is quiet.
 */
async function deferredWorkDone(page: Page): Promise<void> {
  const warn = (what: string) => () => console.warn(`gallery: ${page.url()}: ${what} after 10 s`);
  await page
    .waitForFunction(() => [...document.querySelectorAll('nav a[href]')].every((link) => link.querySelector('svg')), undefined, { timeout: 10_000 })
    .catch(warn('the tab icons are still missing'));
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(warn('the network is still busy'));
}

/**
 * Waits until nothing on screen is still loading: no spinner or skeleton in view, nothing aria-busy,
 * every image in view decoded, the fonts loaded. A screen that keeps something loading is shown as it is
 * after 5 s (a warning, not a failure: the picture or the check says the rest).
 */
export async function settleScreen(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const inView = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
        };
        const loading = document.querySelectorAll('[class*="spinner" i], [class*="skeleton" i], [aria-busy="true"]');
        if ([...loading].some(inView)) return false;
        if ([...document.images].some((image) => inView(image) && !image.complete)) return false;
        return document.fonts.status === 'loaded';
      },
      undefined,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => console.warn(`gallery: ${page.url()} still shows something loading after 5 s`));
}

/** Light or dark as the device would ask (the app follows the device while the person has made no choice). */
export async function showTheme(page: Page, theme: GalleryTheme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  // The app marks the theme it applied on <html data-theme>; a build without it has nothing to wait for.
  await page.waitForFunction((wanted) => !document.documentElement.dataset.theme || document.documentElement.dataset.theme === wanted, theme);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

export interface GalleryRun {
  /** A browser context for this run, with the caller's options (viewport, baseURL, camera allowed…); the run closes it. */
  newContext(): Promise<BrowserContext>;
  screens: readonly GalleryScreen[];
  language: GalleryLanguage;
  data: GalleryData;
  realtimeMock: string;
  /** The app's address (its contexts' baseURL), served with the mock sandbox behind it. */
  appOrigin: string;
  /** Each screen once it shows: photograph it, check it. */
  atScreen(visit: ScreenVisit, screen: GalleryScreen): Promise<void>;
  /** A screen that could not be reached or shown; the run goes on with the next. */
  failed(screen: GalleryScreen, error: Error, page: Page): Promise<void>;
  /**
   * Open a screen inside the app already running on the previous screen's page when nothing of that
   * screen can reach it (the accessibility test): the app then starts once for a run of screens instead
   * of once per screen (another address of the screen on show is reached through Page not found, so the
   * screen starts again). A screen with answers of its own (`before`), one that another window takes
   * part in, one before signing in, and one left only by a page of its own (`ownPage`) still get a page
   * of their own, as every screen does without it (the screenshots: each picture from a fresh start).
   */
  inApp?: boolean;
}

/**
 * Visits the screens in the list's order in one browser context: a language other than English is chosen
 * on the login screen, the person signs in once (before the first screen that needs a session), and each
 * screen gets a page of its own unless it continues the previous one. Home's announcement pop-up is quiet except on its
 * own screen. Other employees' windows (a call's other end) live until the next screen that does not continue.
 */
export async function visitGallery(run: GalleryRun): Promise<void> {
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await run.newContext();
    contexts.push(context);
    // A step that waits longer than this will not see its screen come.
    context.setDefaultTimeout(15_000);
    // Home's announcement pop-up stays quiet (the contract's `empty` example), chosen by a cookie the
    // mock sandbox reads: intercepting the context's requests instead would double the browser's work.
    await context.addCookies([{ name: PREFER_COOKIE, value: preferCookieValue({ '/popup/announcement': 'example=empty' }), url: run.appOrigin }]);
    return context;
  };
  const texts = galleryTexts(run.language);
  const english = galleryTexts('en');
  let others: BrowserContext[] = [];
  try {
    const context = await newContext();
    // The run's language is chosen (stored) first: with nothing chosen the app follows the context's
    // locale, and the sign-in below reads the texts of the run's language.
    const first = await context.newPage();
    await first.goto('/login');
    await chooseLanguage(first, run.language);
    await first.close();

    let page: Page | undefined;
    let previous: GalleryScreen | undefined;
    let signedIn = false;
    let carried = new Map<string, unknown>();
    let thrown: string[] = [];
    for (const [index, screen] of run.screens.entries()) {
      const inApp =
        run.inApp === true &&
        page !== undefined &&
        previous !== undefined &&
        screen.path !== 'continue' &&
        !screen.before &&
        !previous.before &&
        !screen.signedOut &&
        !previous.signedOut &&
        !screen.ownPage &&
        !previous.ownPage &&
        others.length === 0;
      previous = screen;
      let opensInApp = inApp;
      if (inApp) {
        carried = new Map();
        thrown.length = 0;
      } else if (screen.path !== 'continue') {
        await Promise.all(others.map((other) => other.close().catch(() => undefined)));
        others = [];
        carried = new Map();
        await page?.close();
        page = undefined;
        if (!screen.signedOut && !signedIn) {
          const signIn = await context.newPage();
          try {
            await signInForGallery(signIn, texts, AYU);
          } catch (error) {
            // Without a session no screen after this one can be shown: each is reported as such.
            const cause = new Error(`could not sign in: ${(error as Error).message.split('\n')[0]}`);
            for (const rest of run.screens.slice(index)) await run.failed(rest, cause, signIn);
            await signIn.close();
            return;
          }
          signedIn = true;
          // The app the sign-in started goes on to the screen, as the next tap would take it there.
          opensInApp = run.inApp === true && !screen.before && !screen.ownPage;
          if (opensInApp) page = signIn;
          else await signIn.close();
        }
        page ??= await context.newPage();
        thrown = [];
        const errors = thrown;
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text().split('\n')[0]!);
        });
      }
      const visit: ScreenVisit = {
        page: page!,
        language: run.language,
        ...texts,
        data: run.data,
        realtimeMock: run.realtimeMock,
        carried,
        employeeWindow: async (who: Employee) => {
          const other = await newContext();
          others.push(other);
          const window = await other.newPage();
          // In English whatever the context's locale (a first visit follows an Indonesian browser).
          await window.goto('/login');
          await chooseLanguage(window, 'en');
          await signInForGallery(window, english, who);
          await listeningForCalls(run.realtimeMock, who);
          return window;
        },
      };
      try {
        await openScreen(visit, screen, { inApp: opensInApp });
        await run.atScreen(visit, screen);
      } catch (error) {
        // What the page threw says more than the step that waited in vain.
        const message = (error as Error).message.split('\n')[0];
        await run.failed(screen, new Error(thrown.length > 0 ? `${message} (the page said: ${thrown[0]})` : message), page!);
      }
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  }
}

/** Waits until the employee's app listens on their private broadcast channel, where a call rings. */
async function listeningForCalls(realtimeMock: string, who: Employee): Promise<void> {
  const channel = `private-ess_user.${who.id}`;
  for (let tries = 0; tries < 100; tries += 1) {
    const answer = (await (await fetch(`${realtimeMock}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } };
    if ((answer.pusher.channels[channel] ?? 0) >= 1) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${who.name}'s app did not listen for calls within 10 s`);
}

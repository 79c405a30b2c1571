// Everything the app needs before its first render, created once outside React (so StrictMode's
// double effects never start the session twice): storage, texts and the session. The generated SDK
// and its zod schemas load on demand, keeping them out of the initial JavaScript; the first screen's
// code, the texts and the user data load in parallel.
import { QueryClient } from '@tanstack/react-query';
import { setAccessToken } from '../api/client.ts';
import { createQueryClient } from '../api/query-client.ts';
import { createPollingControl, type PollingControl } from '../features/realtime/index.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import { loadDeferred } from '../shared/loading/retry-import.ts';
import { afterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { yieldToMain } from '../shared/scheduling/yield.ts';
import type { SessionController } from '../shared/session/session-types.ts';
import { initAppStorage, STORAGE_KEYS } from '../shared/storage/storage.ts';
import { preloadStartScreen } from './routes.tsx';
import { connectSession, startAfterFirstScreen } from './wiring.tsx';

/** The longest the first render waits for a notification's hand-over at the start (its chunk, 300 ms, the session). */
const START_HAND_OVER_MAX_MS = 3000;

export interface AppContext {
  queryClient: QueryClient;
  session: SessionController;
  /** The live event polling the session starts and stops, and the live connections follow (SPEC §4). */
  polling: PollingControl;
}

export async function bootstrap(): Promise<AppContext> {
  // The session is in the storage: the start waits for it however long it takes (index.html's start
  // screen shows meanwhile), and says so after a long while rather than starting signed out. What it
  // says is loaded only then, keeping it out of the initial JavaScript.
  let opened = false;
  let hideStalled: (() => void) | undefined;
  const storage = await initAppStorage(undefined, {
    onStalled: () =>
      void loadDeferred('the storage notice', () => import('./storage-stalled.ts')).then((module) => {
        const root = document.getElementById('root');
        if (module && root && !opened) hideStalled = module.showStorageStalled(root);
      }),
  });
  opened = true;
  hideStalled?.();
  const token = storage.get<string>(STORAGE_KEYS.accessToken);
  setAccessToken(token);
  const queryClient = createQueryClient();
  const startScreenLoaded = preloadStartScreen(window.location.pathname, Boolean(token));
  // The first render needs the texts: their file is asked for at once, beside the screen's code.
  const textsLoaded = initI18n(storage).catch((error: unknown) => console.warn('Translations could not be loaded', error));
  // The requests are out: the rest of the start runs in tasks of its own (each well under a long task on a
  // phone at 4× CPU, where this one was 120-220 ms), so a tap or a frame can come in between.
  await yieldToMain();

  // The session, connected to what it drives (./wiring.tsx, the one place features are connected).
  const polling = createPollingControl();
  const session = connectSession(storage, queryClient, polling);
  // A push notification's click opens its page (SPEC §2, §9), and the other tabs of this origin hear
  // of a logout or a sign-in here, and this one of theirs (./wiring.tsx): loaded once the first screen
  // is up. The start URL, which may carry the hand-over of a window the service worker opened, is read
  // now, before the session navigates. Only such a start loads it at once (an open window gets clicks
  // through the worker's messages, which it listens to from then on).
  const startUrl = window.location.href;
  const startOpeningNotifications = (onStartHandled?: () => void) => startAfterFirstScreen(session, storage, startUrl, onStartHandled);
  // A window the worker opened starts at the notification's page: the first render waits (at most
  // START_HAND_OVER_MAX_MS) until the hand-over has navigated, so the router starts there. A router
  // already rendering "/" would miss a navigation made before it listens, and its redirect to Home
  // would then replace the page (seen on a loaded machine: the room's address, then Home).
  let startHandOver = Promise.resolve();
  if (new URL(startUrl).searchParams.has('notification')) {
    startHandOver = new Promise<void>((resolve) => {
      startOpeningNotifications(resolve);
      setTimeout(resolve, START_HAND_OVER_MAX_MS);
    });
  } else {
    void afterFirstContent(() => startOpeningNotifications());
  }
  await yieldToMain();
  // The session starts (user data is fetched) while the texts load; the first render needs only the texts.
  void session.start();
  await textsLoaded;
  // The first render waits for the first screen's code too (the static shell is showing meanwhile):
  // a screen that suspends shows a spinner, and React then holds the real content back for 300 ms.
  await startScreenLoaded;
  await startHandOver;
  return { queryClient, session, polling };
}

// A push's target_page on its way to a navigation, for every hostile value of the corpus
// (src/shared/safe-path/testing/hostile-targets.ts): public/push-sw.js, run as a worker runs it against a
// stand-in of its scope, shows the notification with the value as its data; a click hands the value to the
// app's open window; the app's side (startNotificationOpen, as bootstrap.ts starts it) opens its page 300 ms
// later. Each value must open /home on the app's own origin, in the window that is open, and open no
// other window. The browser tests (tests/e2e/push.spec.ts) take a sample of the same values through
// Chromium's service worker and router.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_OPEN_DELAY_MS, startNotificationOpen } from '../features/notifications/push/notification-open.ts';
import type { SessionState } from '../shared/session/session-types.ts';
import { HOSTILE_TARGETS } from '../shared/safe-path/testing/hostile-targets.ts';

const SOURCE = readFileSync('public/push-sw.js', 'utf8');
const ORIGIN = 'https://app.test';
const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

interface Shown {
  title: string;
  options: { data?: unknown; tag?: string };
}

/** The service worker's script in a stand-in of its scope, with one window of the app open on /chats. */
function serviceWorker(openWindow: { postMessage(data: unknown): void }) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const windowClient = { url: `${ORIGIN}/chats`, focused: true, visibilityState: 'visible', postMessage: (data: unknown) => openWindow.postMessage(data), focus: async () => undefined };
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification: async (title: string, options: Shown['options']) => void shown.push({ title, options }) },
    clients: { matchAll: async () => [windowClient], openWindow: async (url: string) => void opened.push(url) },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  runInNewContext(SOURCE, { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const work: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => void work.push(promise) });
    await Promise.all(work);
  };
  return {
    shown,
    opened,
    push: (payload: unknown) => dispatch('push', { data: { json: () => payload } }),
    click: (notification: Shown) => dispatch('notificationclick', { notification: { data: notification.options.data, close: () => undefined } }),
  };
}

/** The app's side, signed in, listening to the worker's messages in the open window. */
function app() {
  const state: SessionState = { status: 'signed-in', userData: { changed_password: 1 } as SessionState['userData'] };
  const session = { getState: () => state, subscribe: () => () => undefined };
  const messages = new EventTarget();
  const navigate = vi.fn<(path: string) => void>();
  const keepForLogin = vi.fn<(path: string) => void>();
  startNotificationOpen({ session, navigate, keepForLogin, messages, startUrl: `${ORIGIN}/chats`, removeParam: () => undefined });
  return { navigate, keepForLogin, window: { postMessage: (data: unknown) => void messages.dispatchEvent(new MessageEvent('message', { data })) } };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a hostile target_page, from the push to the navigation', () => {
  it('the corpus holds 50 distinct values', () => {
    expect(HOSTILE_TARGETS).toHaveLength(50);
    expect(new Set(HOSTILE_TARGETS).size).toBe(50);
  });

  it.each(HOSTILE_TARGETS.map((value) => [JSON.stringify(value).slice(0, 60), value] as const))('%s opens /home on the app origin', async (_label, target_page) => {
    const opened = app();
    const worker = serviceWorker(opened.window);
    await worker.push({ title: 'Hostile', body: 'x', tag: 'hostile', data: { target_page, nav_params: { uuid: ROOM } } });
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]!.options.data).toEqual({ target_page, nav_params: { uuid: ROOM } });

    await worker.click(worker.shown[0]!);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(worker.opened).toEqual([]);
    expect(opened.keepForLogin).not.toHaveBeenCalled();
    expect(opened.navigate).toHaveBeenCalledTimes(1);
    // Where the app's router goes from /chats with that path.
    const landed = new URL(opened.navigate.mock.calls[0]![0], `${ORIGIN}/chats`);
    expect(landed.origin).toBe(ORIGIN);
    expect(landed.pathname).toBe('/home');
  });
});

describe("a mention's push (issue 37)", () => {
  it('opens the room at the message, in the open window, 300 ms after the click', async () => {
    const opened = app();
    const worker = serviceWorker(opened.window);
    const message = 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70';
    await worker.push({ title: 'Budi Santoso mentioned you', body: 'Tim Operasional Jakarta', tag: 'mention', data: { target_page: '/chats/chat', nav_params: { uuid: ROOM, message } } });
    await worker.click(worker.shown[0]!);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS - 1);
    expect(opened.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(worker.opened).toEqual([]);
    expect(opened.navigate.mock.calls).toEqual([[`/chats/chat?uuid=${ROOM}&message=${message}`]]);
  });
});

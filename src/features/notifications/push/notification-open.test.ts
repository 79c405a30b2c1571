// A notification click's hand-over (public/push-sw.js → the app): parsed strictly, opened through
// safe-path only, 300 ms after the click, and kept for after login without a session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState, SessionStatus } from '../../../shared/session/session-types.ts';
import { HOSTILE_TARGETS } from '../../../shared/safe-path/testing/hostile-targets.ts';
import {
  NOTIFICATION_OPEN_DELAY_MS,
  notificationOpenPath,
  parseNotificationParam,
  startNotificationOpen,
  withoutNotificationParam,
} from './notification-open.ts';

const ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const param = (value: unknown) => `?notification=${encodeURIComponent(JSON.stringify(value))}`;

function fakeSession(status: SessionStatus, changedPassword = 1) {
  let state: SessionState = { status, userData: status === 'signed-in' ? ({ changed_password: changedPassword } as SessionState['userData']) : undefined };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: SessionState) {
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

function start(status: SessionStatus = 'signed-in', href = 'https://app.test/home', changedPassword = 1) {
  const session = fakeSession(status, changedPassword);
  const messages = new EventTarget();
  const navigate = vi.fn<(path: string) => void>();
  const keepForLogin = vi.fn<(path: string) => void>();
  const removeParam = vi.fn<() => void>();
  const onStartHandled = vi.fn<() => void>();
  const stop = startNotificationOpen({ session, navigate, keepForLogin, messages, startUrl: href, removeParam, onStartHandled });
  const post = (data: unknown) => messages.dispatchEvent(new MessageEvent('message', { data }));
  return { session, navigate, keepForLogin, removeParam, onStartHandled, stop, post };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('parseNotificationParam', () => {
  it('reads target_page and nav_params from the JSON parameter', () => {
    expect(parseNotificationParam(param({ target_page: '/chats/chat', nav_params: { uuid: ROOM } }))).toEqual({
      target_page: '/chats/chat',
      nav_params: { uuid: ROOM },
    });
  });

  it('is null without the parameter', () => {
    expect(parseNotificationParam('?redirect_to=/chats')).toBeNull();
    expect(parseNotificationParam('')).toBeNull();
  });

  it.each([
    ['not JSON', '?notification=%7Bnope'],
    ['an array', param(['/chats'])],
    ['a string', param('/chats')],
    ['null', param(null)],
    ['a number as target_page', param({ target_page: 42 })],
  ])('drops what cannot be used (%s)', (_label, search) => {
    expect(parseNotificationParam(search)).toEqual({});
  });

  it('drops nav_params that are not an object', () => {
    expect(parseNotificationParam(param({ target_page: '/chats', nav_params: ['a'] }))).toEqual({ target_page: '/chats' });
    expect(parseNotificationParam(param({ target_page: '/chats', nav_params: 'uuid=1' }))).toEqual({ target_page: '/chats' });
  });
});

describe('withoutNotificationParam', () => {
  it('removes only the hand-over', () => {
    expect(withoutNotificationParam(`https://app.test/${param({ target_page: '/chats' })}&lang=id#top`)).toBe('/?lang=id#top');
    expect(withoutNotificationParam(`https://app.test/${param({})}`)).toBe('/');
  });
});

describe('notificationOpenPath', () => {
  it('appends plain nav_params as the query and ignores objects', () => {
    expect(notificationOpenPath({ target_page: '/chats/chat', nav_params: { uuid: ROOM, page: 2, pinned: false, nested: { a: 1 } } })).toBe(
      `/chats/chat?uuid=${ROOM}&page=2&pinned=false`,
    );
  });

  it('opens nothing without a target_page', () => {
    expect(notificationOpenPath({})).toBeNull();
    expect(notificationOpenPath({ nav_params: { uuid: ROOM } })).toBeNull();
  });
});

describe('startNotificationOpen', () => {
  it('opens the page of a worker message 300 ms later, as a new history entry', () => {
    const app = start();
    app.post({ type: 'notification-open', target_page: '/chats/chat', nav_params: { uuid: ROOM } });
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS - 1);
    expect(app.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(app.navigate).toHaveBeenCalledExactlyOnceWith(`/chats/chat?uuid=${ROOM}`);
  });

  it('ignores other messages, and stops listening when stopped', () => {
    const app = start();
    app.post({ type: 'something-else', target_page: '/chats' });
    app.post('notification-open');
    app.post(null);
    vi.advanceTimersByTime(1000);
    expect(app.navigate).not.toHaveBeenCalled();
    app.stop();
    app.post({ type: 'notification-open', target_page: '/chats' });
    vi.advanceTimersByTime(1000);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('takes the hand-over from the start URL, removes it, and opens the page 300 ms later', () => {
    const app = start('signed-in', `https://app.test/${param({ target_page: 'notification', nav_params: { id: 7 } })}`);
    expect(app.removeParam).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS - 1);
    expect(app.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(app.navigate).toHaveBeenCalledExactlyOnceWith('/notification?id=7');
  });

  it('leaves a start URL without a hand-over alone', () => {
    const app = start('signed-in', 'https://app.test/chats?redirect_to=/home');
    expect(app.removeParam).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('without a session keeps the page as redirect_to for after login', () => {
    const app = start('signed-out', `https://app.test/${param({ target_page: '/chats' })}`);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(app.navigate).not.toHaveBeenCalled();
    expect(app.keepForLogin).toHaveBeenCalledExactlyOnceWith('/chats');
  });

  it('keeps it for after the password change when the password must change first', () => {
    const app = start('signed-in', 'https://app.test/home', 0);
    app.post({ type: 'notification-open', target_page: '/chats' });
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(app.navigate).not.toHaveBeenCalled();
    expect(app.keepForLogin).toHaveBeenCalledExactlyOnceWith('/chats');
  });

  it('while the session starts, waits for it and opens the page after its own landing', () => {
    const app = start('starting', `https://app.test/${param({ target_page: '/chats' })}`);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS + 500);
    expect(app.navigate).not.toHaveBeenCalled();
    app.session.set({ status: 'signed-in', userData: { changed_password: 1 } as SessionState['userData'] });
    expect(app.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(app.navigate).toHaveBeenCalledExactlyOnceWith('/chats');
    app.session.set({ status: 'signed-in', userData: { changed_password: 1 } as SessionState['userData'] });
    vi.advanceTimersByTime(1000);
    expect(app.navigate).toHaveBeenCalledTimes(1);
  });

  it('says when the start URL’s hand-over is dealt with, for the first render to wait on: after its page opens, at once without one', async () => {
    const opened = start('starting', `https://app.test/${param({ target_page: '/chats' })}`);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(opened.onStartHandled).not.toHaveBeenCalled();
    opened.session.set({ status: 'signed-in', userData: { changed_password: 1 } as SessionState['userData'] });
    vi.advanceTimersByTime(0);
    expect(opened.navigate).toHaveBeenCalledExactlyOnceWith('/chats');
    expect(opened.onStartHandled).toHaveBeenCalledOnce();
    // A worker's message later is no start: it says nothing more.
    opened.post({ type: 'notification-open', target_page: '/home' });
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(opened.onStartHandled).toHaveBeenCalledOnce();

    const kept = start('signed-out', `https://app.test/${param({ target_page: '/chats' })}`);
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    await vi.waitFor(() => expect(kept.onStartHandled).toHaveBeenCalledOnce());
    expect(kept.keepForLogin).toHaveBeenCalledExactlyOnceWith('/chats');

    expect(start('signed-in', 'https://app.test/home').onStartHandled).toHaveBeenCalledOnce();
    expect(start('signed-in', `https://app.test/${param({ nav_params: { uuid: ROOM } })}`).onStartHandled).toHaveBeenCalledOnce();
  });

  it('a notification without a target_page only brings the app to the front', () => {
    const app = start('signed-in', `https://app.test/${param({ nav_params: { uuid: ROOM } })}`);
    app.post({ type: 'notification-open' });
    vi.advanceTimersByTime(1000);
    expect(app.navigate).not.toHaveBeenCalled();
    expect(app.keepForLogin).not.toHaveBeenCalled();
  });
});


describe('hostile target_page values', () => {
  it.each(HOSTILE_TARGETS.map((value) => [JSON.stringify(value).slice(0, 60), value]))('%s opens /home', (_label, target_page) => {
    const app = start();
    app.post({ type: 'notification-open', target_page, nav_params: { uuid: ROOM } });
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    expect(app.navigate).toHaveBeenCalledTimes(1);
    expect(app.navigate.mock.calls[0]![0]).toMatch(/^\/home(\?|$)/);
  });

  it('nav_params cannot change where the page is', () => {
    const app = start();
    app.post({ type: 'notification-open', target_page: '/chats/chat', nav_params: { uuid: '//evil.example', '#': 'x', '/': 'y', next: 'https://evil.example' } });
    vi.advanceTimersByTime(NOTIFICATION_OPEN_DELAY_MS);
    const path = app.navigate.mock.calls[0]![0];
    expect(new URL(path, 'https://app.test').pathname).toBe('/chats/chat');
    expect(new URL(path, 'https://app.test').origin).toBe('https://app.test');
  });
});

// public/push-sw.js, the service worker's Web Push part, run as the browser runs it (a script in a
// worker scope) against a recording stand-in of that scope: what each push shows, and where a click
// goes. The browser tests (tests/e2e/push.spec.ts) run the same file in Chromium.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync('public/push-sw.js', 'utf8');
const ORIGIN = 'https://app.test';

interface FakeClient {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

function client(url: string, state: Partial<Pick<FakeClient, 'focused' | 'visibilityState'>> = {}, focus = () => Promise.resolve()): FakeClient {
  return { url, focused: false, visibilityState: 'hidden', ...state, postMessage: vi.fn(), focus: vi.fn(focus) };
}

function worker(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => void shown.push({ title, options })) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async (url: string) => void opened.push(url)) },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  runInNewContext(SOURCE, { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>, trusted = true) => {
    const work: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => {
      if (!trusted) throw new Error('InvalidStateError');
      work.push(promise);
    };
    listeners.get(type)!({ ...event, waitUntil });
    await Promise.all(work);
    await new Promise((settled) => setTimeout(settled, 0));
    return work.length;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            },
    });
  const click = (data: unknown, trusted = true) => {
    const close = vi.fn();
    return { close, done: dispatch('notificationclick', { notification: { data, close } }, trusted) };
  };
  return { self, shown, opened, push, click };
}

describe('push', () => {
  it('shows the title, body, icon, badge and tag, with target_page and nav_params as data', async () => {
    const sw = worker();
    await sw.push({ title: 'Budi', body: 'Hi', badge: '/b.png', tag: 'room-1', data: { target_page: '/chats/chat', nav_params: { uuid: 'r-1' }, other: 1 } });
    expect(sw.shown).toEqual([
      { title: 'Budi', options: { body: 'Hi', icon: '/icons/pwa-192x192.png', badge: '/b.png', tag: 'room-1', data: { target_page: '/chats/chat', nav_params: { uuid: 'r-1' } } } },
    ]);
  });

  it("reads OneSignal's shape: alert as the body, the additional data in custom.a", async () => {
    const sw = worker();
    await sw.push({ title: 'Announcement', alert: 'Canteen closes at 2', icon: '/i.png', custom: { i: 'x', a: { target_page: 'notification' } } });
    expect(sw.shown[0]).toEqual({ title: 'Announcement', options: { body: 'Canteen closes at 2', icon: '/i.png', data: { target_page: 'notification' } } });
  });

  it.each([
    ['a payload that is not JSON', 'not json {'],
    ['no payload', undefined],
    ['no title', { body: 'Hi', data: { target_page: '/chats' } }],
    ['an empty title', { title: '  ', data: { target_page: '/chats' } }],
    ['a title that is not text', { title: 42 }],
    ['JSON that is not an object', '["Hi"]'],
  ])('shows a generic notification, without a target, for %s', async (_label, data) => {
    const sw = worker();
    await sw.push(data);
    expect(sw.shown).toEqual([{ title: 'ESS Workplace', options: { icon: '/icons/pwa-192x192.png', data: {} } }]);
  });

  it('shows the title and body without bidirectional controls, which would reorder a name or a file name', async () => {
    const sw = worker();
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    await sw.push({ title: `Budi${controls} Santoso`, body: 'sent invoice\u202Egnp.exe' });
    expect(sw.shown[0]).toMatchObject({ title: 'Budi Santoso', options: { body: 'sent invoicegnp.exe' } });
    await sw.push({ title: '\u202E\u2066' });
    expect(sw.shown[1]!.title).toBe('ESS Workplace');
  });

  it("shows an urgent chat's reminder as urgent: it stays until acted on and, replacing the room's notification, sounds again", async () => {
    const sw = worker();
    const data = { target_page: '/chats/chat', nav_params: { uuid: 'r-9' } };
    await sw.push({ title: 'Urgent: Gudang', body: 'Budi: truck blocked', tag: 'urgent-r-9', require_interaction: true, data });
    await sw.push({ title: 'Urgent, still unread (1): Gudang', body: 'Budi: truck blocked', tag: 'urgent-r-9', require_interaction: true, renotify: true, data });
    expect(sw.shown.map(({ options }) => [options.tag, options.requireInteraction, options.renotify])).toEqual([
      ['urgent-r-9', true, undefined],
      ['urgent-r-9', true, true],
    ]);
    // renotify without a tag would make showNotification throw: left out; only a true boolean counts.
    await sw.push({ title: 'No tag', renotify: true, require_interaction: 'yes', data });
    expect(sw.shown[2]!.options).not.toHaveProperty('renotify');
    expect(sw.shown[2]!.options).not.toHaveProperty('requireInteraction');
  });

  it('keeps only a text target_page and an object nav_params', async () => {
    const sw = worker();
    await sw.push({ title: 'T', data: { target_page: { href: '/x' }, nav_params: ['a'] } });
    expect(sw.shown[0]!.options.data).toEqual({});
  });
});

describe('notificationclick', () => {
  it('closes the notification and hands the target to the focused window of the app, then focuses it', async () => {
    const other = client(`${ORIGIN}/home`, { visibilityState: 'visible' });
    const focused = client(`${ORIGIN}/chats`, { focused: true, visibilityState: 'visible' });
    const sw = worker([other, focused]);
    const { close, done } = sw.click({ target_page: '/chats/chat', nav_params: { uuid: 'r-1' } });
    expect(await done).toBe(1);
    expect(close).toHaveBeenCalledOnce();
    expect(focused.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'notification-open', target_page: '/chats/chat', nav_params: { uuid: 'r-1' } });
    expect(focused.focus).toHaveBeenCalledOnce();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(sw.opened).toEqual([]);
    expect(sw.self.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('still hands the target over when the window may not be focused', async () => {
    const hidden = client(`${ORIGIN}/home`, {}, () => Promise.reject(new Error('InvalidAccessError')));
    const sw = worker([hidden]);
    await sw.click({ target_page: '/chats' }).done;
    expect(hidden.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'notification-open', target_page: '/chats', nav_params: undefined });
  });

  it('opens a new window of the app, with the target in its query, when none is open', async () => {
    const sw = worker([]);
    await sw.click({ target_page: '/chats/chat', nav_params: { uuid: 'r-1' } }).done;
    expect(sw.opened).toHaveLength(1);
    const url = new URL(sw.opened[0]!, ORIGIN);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/');
    expect(JSON.parse(url.searchParams.get('notification')!)).toEqual({ target_page: '/chats/chat', nav_params: { uuid: 'r-1' } });
  });

  it('never hands the target to a window of another origin', async () => {
    const foreign = client('https://evil.example/home', { focused: true, visibilityState: 'visible' });
    const sw = worker([foreign]);
    await sw.click({ target_page: '/chats' }).done;
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(sw.opened).toHaveLength(1);
  });

  it('still runs when dispatched by the worker itself (waitUntil refused)', async () => {
    const sw = worker([]);
    await sw.click({ target_page: '/chats' }, false).done;
    expect(sw.opened).toHaveLength(1);
  });

  it.each(['https://evil.example', '//evil.example', 'javascript:alert(1)', '/\\evil.example', 'data:text/html,x', '%2F%2Fevil.example'])(
    'never opens %s itself: a new window is always a path of the app',
    async (target_page) => {
      const sw = worker([]);
      await sw.click({ target_page, nav_params: { next: 'https://evil.example' } }).done;
      expect(sw.opened).toHaveLength(1);
      expect(sw.opened[0]).toMatch(/^\/\?notification=/);
      expect(new URL(sw.opened[0]!, ORIGIN).origin).toBe(ORIGIN);
    },
  );
});

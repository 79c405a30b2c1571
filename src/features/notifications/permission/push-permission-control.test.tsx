// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { FAKE_SUBSCRIPTION_JSON, stubPush, TEST_VAPID_KEY, type PushStubOptions } from '../../../shared/testing/push-stubs.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { renderNotifications, USER_ID } from '../testing/render-notifications.tsx';
import { PushPermissionControl } from './push-permission-control.tsx';

let i18nInstance: Translator;
let push: ReturnType<typeof stubPush> | undefined;
let saveAnswers: Array<() => Response>;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

beforeEach(() => {
  saveAnswers = [];
  fetchMock = stubRequestAndFetch((url) => {
    if (url.pathname === '/api/onesignal/save-device') return (saveAnswers.shift() ?? (() => json({ error: false, status_code: 200, message: 'Device saved.' })))();
    return json({ error: true, error_message: `unexpected ${url.pathname}` }, 404);
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  push?.restore();
  push = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const saveCalls = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === '/api/onesignal/save-device');

function renderControl(options: PushStubOptions = {}) {
  push = stubPush(options);
  renderNotifications(<PushPermissionControl />, { queryClient: createTestQueryClient(), i18nInstance });
  return userEvent.setup();
}

const turnOnButton = () => screen.queryByRole('button', { name: 'Turn on notifications' });
const control = () => screen.getByTestId('push-permission');

describe('not asked yet (permission "default")', () => {
  it('offers "Turn on notifications" and asks nothing on load', async () => {
    renderControl({ permission: 'default' });
    expect(turnOnButton()).not.toBeNull();
    expect(control().textContent).toContain('Get notifications on this device, even when the app is closed.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(push!.requestPermission).not.toHaveBeenCalled();
    expect(push!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(saveCalls()).toHaveLength(0);
  });

  it('a tap asks once, subscribes with the VAPID key, saves user_id and the subscription JSON, then says it is on', async () => {
    const user = renderControl({ permission: 'default', answer: 'granted' });
    await user.click(turnOnButton()!);

    await waitFor(() => expect(control().textContent).toContain('Notifications are on.'));
    expect(push!.requestPermission).toHaveBeenCalledTimes(1);
    expect(push!.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = push!.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(TEST_VAPID_KEY);

    const [request] = saveCalls();
    expect(saveCalls()).toHaveLength(1);
    expect(request!.method).toBe('POST');
    const body = (await request!.clone().json()) as { user_id: number; push_token: string };
    expect(body).toEqual({ user_id: USER_ID, push_token: JSON.stringify(FAKE_SUBSCRIPTION_JSON) });
    expect(JSON.parse(body.push_token)).toMatchObject({ endpoint: FAKE_SUBSCRIPTION_JSON.endpoint, keys: { p256dh: expect.any(String), auth: expect.any(String) } });
    expect(turnOnButton()).toBeNull();
  });

  it('a prompt answered "Block" explains the site settings, with no button, and subscribes nothing', async () => {
    const user = renderControl({ permission: 'default', answer: 'denied' });
    await user.click(turnOnButton()!);
    await waitFor(() => expect(control().textContent).toMatch(/Notifications are blocked for this site\. To allow them, open your browser’s site settings/));
    expect(screen.queryByRole('button')).toBeNull();
    expect(push!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(saveCalls()).toHaveLength(0);
  });

  it('a prompt closed without an answer leaves the button, and nothing is saved', async () => {
    const user = renderControl({ permission: 'default', answer: 'default' });
    await user.click(turnOnButton()!);
    await waitFor(() => expect(turnOnButton()).not.toBeNull());
    expect((turnOnButton() as HTMLButtonElement).disabled).toBe(false);
    expect(push!.requestPermission).toHaveBeenCalledTimes(1);
    expect(saveCalls()).toHaveLength(0);
  });
});

describe('already decided', () => {
  it('blocked ("denied"): the explanation, no button, never a prompt', async () => {
    renderControl({ permission: 'denied' });
    expect(control().textContent).toContain('Notifications are blocked for this site.');
    expect(control().textContent).toContain('set Notifications to Allow, then reload the app.');
    expect(screen.queryByRole('button')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(push!.requestPermission).not.toHaveBeenCalled();
  });

  it('allowed and subscribed: "Notifications are on." and nothing else happens', async () => {
    renderControl({ permission: 'granted', subscribed: true });
    await waitFor(() => expect(control().textContent).toContain('Notifications are on.'));
    expect(screen.queryByRole('button')).toBeNull();
    expect(push!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(saveCalls()).toHaveLength(0);
  });

  it('allowed but not subscribed: the button subscribes and saves without asking again', async () => {
    const user = renderControl({ permission: 'granted', subscribed: false });
    await waitFor(() => expect(turnOnButton()).not.toBeNull());
    await user.click(turnOnButton()!);
    await waitFor(() => expect(control().textContent).toContain('Notifications are on.'));
    expect(push!.requestPermission).not.toHaveBeenCalled();
    expect(saveCalls()).toHaveLength(1);
  });
});

describe('not available', () => {
  it.each([
    ['a browser without notifications or push', { unsupported: true }],
    ['a build without a VAPID key', { vapidKey: '' }],
  ])('%s: says notifications are not available here, with no button', (_label, options) => {
    renderControl(options);
    expect(control().textContent).toContain('Notifications are not available here.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('failures can be retried', () => {
  it('the push service refusing: says so; Try again once it works turns them on', async () => {
    const user = renderControl({ permission: 'granted', subscribeFails: true });
    await waitFor(() => expect(turnOnButton()).not.toBeNull());
    await user.click(turnOnButton()!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Notifications could not be turned on.'));
    expect(saveCalls()).toHaveLength(0);

    push!.pushManager.subscribe.mockImplementationOnce(async () => ({ endpoint: 'x', toJSON: () => FAKE_SUBSCRIPTION_JSON, unsubscribe: push!.unsubscribe }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(control().textContent).toContain('Notifications are on.'));
    expect(saveCalls()).toHaveLength(1);
  });

  it('save-device failing: says so; Try again sends it again', async () => {
    saveAnswers.push(() => json({ error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' }, 500));
    const user = renderControl({ permission: 'default', answer: 'granted' });
    await user.click(turnOnButton()!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Notifications could not be turned on.'));
    expect(saveCalls()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(control().textContent).toContain('Notifications are on.'));
    expect(saveCalls()).toHaveLength(2);
    expect(push!.requestPermission).toHaveBeenCalledTimes(1);
  });
});

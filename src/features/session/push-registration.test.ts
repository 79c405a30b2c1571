// @vitest-environment happy-dom
// Device registration after login (SPEC §4, §7, §9) and the subscription's removal at logout, with the
// browser's push boundary stubbed (Notification, PushManager, navigator.serviceWorker) and the real
// HTTP client behind a fetch stub.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_SUBSCRIPTION_JSON, stubPush, type PushStubOptions } from '../../shared/testing/push-stubs.ts';
import { json, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { getPushToken, registerDevice, unregisterDevice } from './push-registration.ts';

let push: ReturnType<typeof stubPush> | undefined;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

beforeEach(() => {
  fetchMock = stubRequestAndFetch((url) =>
    url.pathname === '/api/onesignal/save-device' ? json({ error: false, status_code: 200, message: 'Device saved.' }) : json({ error: true }, 404),
  );
});

afterEach(() => {
  push?.restore();
  push = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const saveCalls = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === '/api/onesignal/save-device');
const stub = (options: PushStubOptions) => (push = stubPush(options));

describe('registerDevice (200 ms after the login flow, session-controller.ts)', () => {
  it('with notifications allowed: subscribes and sends user_id and the subscription JSON as push_token', async () => {
    stub({ permission: 'granted' });
    await registerDevice(42);
    expect(push!.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(saveCalls()).toHaveLength(1);
    expect(await saveCalls()[0]!.clone().json()).toEqual({ user_id: 42, push_token: JSON.stringify(FAKE_SUBSCRIPTION_JSON) });
  });

  it('reuses an existing subscription', async () => {
    stub({ permission: 'granted', subscribed: true });
    await registerDevice(7);
    expect(push!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(await saveCalls()[0]!.clone().json()).toMatchObject({ user_id: 7 });
  });

  it.each([
    ['not asked yet', { permission: 'default' as const }],
    ['blocked', { permission: 'denied' as const }],
    ['an unsupported browser', { unsupported: true }],
    ['a build without a VAPID key', { permission: 'granted' as const, vapidKey: '' }],
  ])('%s: no prompt, no subscription, no call at all', async (_label, options) => {
    stub(options);
    await registerDevice(42);
    expect(push!.requestPermission).not.toHaveBeenCalled();
    expect(push!.pushManager.subscribe).not.toHaveBeenCalled();
    expect(push!.pushManager.getSubscription).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a push service that refuses rejects (the session controller swallows it) and sends nothing', async () => {
    stub({ permission: 'granted', subscribeFails: true });
    await expect(registerDevice(42)).rejects.toThrow(/push service/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('getPushToken answers null rather than asking when the permission is not granted', async () => {
    stub({ permission: 'default' });
    expect(await getPushToken()).toBeNull();
    expect(push!.requestPermission).not.toHaveBeenCalled();
  });
});

describe('unregisterDevice (the logout flow)', () => {
  it('unsubscribes the push subscription', async () => {
    stub({ permission: 'granted', subscribed: true });
    await unregisterDevice();
    expect(push!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await push!.pushManager.getSubscription()).toBeNull();
  });

  it('with no subscription, or no push at all, it does nothing and does not fail', async () => {
    stub({ permission: 'granted' });
    await expect(unregisterDevice()).resolves.toBeUndefined();
    expect(push!.unsubscribe).not.toHaveBeenCalled();
    push!.restore();
    stub({ unsupported: true });
    await expect(unregisterDevice()).resolves.toBeUndefined();
  });

  it('a failing unsubscribe is only logged (best-effort)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(unregisterDevice(() => Promise.reject(new Error('gone')))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('The push subscription could not be removed', expect.any(Error));
  });
});

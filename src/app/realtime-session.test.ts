// SPEC §4 end to end in memory: the session's login flow opens the live connections and its logout
// flow closes them (the session and the realtime owner meet only through the polling control).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDataResponse } from '../../generated/http/types.gen.ts';
import { createRealtime, type RealtimeTransports } from '../features/realtime/realtime-connections.ts';
import { createSessionController } from '../features/session/session-controller.ts';
import { createPollingControl } from '../features/realtime/polling-control.ts';
import { openStorage } from '../shared/storage/storage.ts';

const userData: UserDataResponse = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } };

let unregister: (() => void) | undefined;
const polling = createPollingControl();

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  unregister?.();
  polling.stop();
  vi.useRealTimers();
});

describe('live connections follow the session', () => {
  it('the login flow opens them, the logout flow closes them', async () => {
    const broadcast = { close: vi.fn() };
    const liveChat = { close: vi.fn() };
    const transports: RealtimeTransports = {
      fetchNewEvents: vi.fn(async () => []),
      openBroadcast: vi.fn(async () => broadcast),
      openLiveChat: vi.fn(async () => liveChat),
      setSocketId: vi.fn(),
    };
    const storage = await openStorage({});
    const session = createSessionController({
      storage,
      setToken: () => undefined,
      fetchUserData: async () => userData,
      registerDevice: async () => undefined,
      polling,
      resetPermissions: () => undefined,
      clearServerCache: () => undefined,
      navigate: () => undefined,
      currentLocation: () => ({ pathname: '/login', search: '' }),
      showError: () => undefined,
      schedule: () => undefined,
    });
    const realtime = createRealtime({ currentUserId: () => session.getState().userData?.user?.id, transports, onCallEvent: () => undefined });
    unregister = polling.register(realtime);
    expect(realtime.running).toBe(false);

    await session.signIn('token');
    await vi.advanceTimersByTimeAsync(0);
    expect(realtime.running).toBe(true);
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();
    // The private channel is named after the user, known by the time the socket opens.
    const [{ currentUserId }] = vi.mocked(transports.openBroadcast).mock.calls[0]!;
    expect(currentUserId()).toBe(42);
    expect(transports.openLiveChat).toHaveBeenCalledOnce();

    await session.signOut();
    expect(realtime.running).toBe(false);
    expect(broadcast.close).toHaveBeenCalledOnce();
    expect(liveChat.close).toHaveBeenCalledOnce();
    expect(transports.setSocketId).toHaveBeenLastCalledWith(undefined);
  });
});

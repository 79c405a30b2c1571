// The owner of the live connections against the real polling control (which the session's login and
// logout flows drive; see src/app/realtime-session.test.ts): everything opens on start and closes on
// stop, and each transport's events reach the app.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallEvent } from '../../api/models.ts';
import { subscribe, type AppEvents } from '../../shared/events/app-events.ts';
import { createPollingControl } from './polling-control.ts';
import type { LongPollEvent } from './api/long-poll.ts';
import { LONG_POLL_INTERVAL_MS } from './long-poll.ts';
import { longPollStatus } from './long-poll-status.ts';
import { createRealtime, type RealtimeTransports } from './realtime-connections.ts';

const ME = 42;
const incomingCallData = { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} };

type BroadcastHandlers = Parameters<RealtimeTransports['openBroadcast']>[0];
type LiveChatHandlers = Parameters<RealtimeTransports['openLiveChat']>[0];

function fakeTransports() {
  const broadcast = { close: vi.fn() };
  const liveChat = { close: vi.fn() };
  const handlers: { broadcast?: BroadcastHandlers; liveChat?: LiveChatHandlers } = {};
  const transports = {
    fetchNewEvents: vi.fn<() => Promise<readonly LongPollEvent[]>>().mockResolvedValue([]),
    openBroadcast: vi.fn(async (given: BroadcastHandlers) => {
      handlers.broadcast = given;
      return broadcast;
    }),
    openLiveChat: vi.fn(async (given: LiveChatHandlers) => {
      handlers.liveChat = given;
      return liveChat;
    }),
    setSocketId: vi.fn<(id: string | undefined) => void>(),
  } satisfies RealtimeTransports;
  return { transports, broadcast, liveChat, handlers };
}

let unregister: (() => void) | undefined;
/** The calls feature's port: every call event realtime hands it. */
const callEvents = vi.fn<(event: CallEvent) => void>();
const polling = createPollingControl();

function register(transports: RealtimeTransports, connectivity?: EventTarget) {
  const realtime = createRealtime({ currentUserId: () => ME, transports, onCallEvent: callEvents, connectivity });
  unregister = polling.register(realtime);
  return realtime;
}

beforeEach(() => {
  vi.useFakeTimers();
  callEvents.mockReset();
});
afterEach(() => {
  unregister?.();
  unregister = undefined;
  polling.stop();
  vi.useRealTimers();
});

describe('start and stop with the polling control', () => {
  it('opens the long poll and both sockets on start, closes all of them on stop', async () => {
    const { transports, broadcast, liveChat, handlers } = fakeTransports();
    const realtime = register(transports);
    expect(realtime.running).toBe(false);

    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(realtime.running).toBe(true);
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();
    expect(handlers.broadcast!.currentUserId()).toBe(ME);
    expect(transports.openLiveChat).toHaveBeenCalledOnce();

    handlers.broadcast!.onSocketId('123.456');
    expect(transports.setSocketId).toHaveBeenLastCalledWith('123.456');

    polling.stop();
    expect(realtime.running).toBe(false);
    expect(broadcast.close).toHaveBeenCalledOnce();
    expect(liveChat.close).toHaveBeenCalledOnce();
    expect(transports.setSocketId).toHaveBeenLastCalledWith(undefined);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 4);
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();
  });

  it('a second start while running opens nothing more', async () => {
    const { transports } = fakeTransports();
    register(transports);
    polling.start();
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(transports.openBroadcast).toHaveBeenCalledOnce();
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();
  });

  it('a socket that finishes opening after the stop is closed at once', async () => {
    const { transports, broadcast } = fakeTransports();
    let finish!: () => void;
    transports.openBroadcast.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve(broadcast))));
    register(transports);
    polling.start();
    polling.stop();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(broadcast.close).toHaveBeenCalledOnce();
  });

  it('the paused state and its retry reach the notice', async () => {
    const { transports } = fakeTransports();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    transports.fetchNewEvents.mockRejectedValueOnce(new Error('HTTP 500'));
    register(transports);
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(longPollStatus.get()).toBe('paused');
    longPollStatus.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(longPollStatus.get()).toBe('running');
    expect(transports.fetchNewEvents).toHaveBeenCalledTimes(2);
    polling.stop();
    expect(longPollStatus.get()).toBe('stopped');
  });
});

describe('live updates resume by themselves after an outage', () => {
  async function pausedRealtime() {
    const fake = fakeTransports();
    const connectivity = new EventTarget();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.transports.fetchNewEvents.mockRejectedValueOnce(new Error('HTTP 502'));
    register(fake.transports, connectivity);
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(longPollStatus.get()).toBe('paused');
    // SPEC §8: no timer any more, however long nothing happens.
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 4);
    expect(fake.transports.fetchNewEvents).toHaveBeenCalledOnce();
    return { ...fake, connectivity };
  }

  it('the broadcast socket connecting again restarts a stopped long poll, and the notice goes', async () => {
    const { transports, handlers } = await pausedRealtime();
    handlers.broadcast!.onConnected();
    await vi.advanceTimersByTimeAsync(0);
    expect(transports.fetchNewEvents).toHaveBeenCalledTimes(2);
    expect(longPollStatus.get()).toBe('running');
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(transports.fetchNewEvents).toHaveBeenCalledTimes(3); // the timer runs again
  });

  it('so does the live-chat socket connecting again, and the browser coming back online', async () => {
    const { transports, handlers, connectivity } = await pausedRealtime();
    handlers.liveChat!.onConnected();
    await vi.advanceTimersByTimeAsync(0);
    expect(longPollStatus.get()).toBe('running');

    transports.fetchNewEvents.mockRejectedValueOnce(new Error('offline'));
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(longPollStatus.get()).toBe('paused');
    connectivity.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(longPollStatus.get()).toBe('running');
    expect(transports.fetchNewEvents).toHaveBeenCalledTimes(4);
  });

  it('a reconnection while the poll runs adds no poll, and nothing resumes after the stop', async () => {
    const { transports, handlers } = fakeTransports();
    const connectivity = new EventTarget();
    register(transports, connectivity);
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers.broadcast!.onConnected();
    handlers.liveChat!.onConnected();
    connectivity.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();

    polling.stop();
    connectivity.dispatchEvent(new Event('online'));
    handlers.broadcast!.onConnected();
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 2);
    expect(transports.fetchNewEvents).toHaveBeenCalledOnce();
    expect(longPollStatus.get()).toBe('stopped');
  });
});

describe('events from every transport reach the app', () => {
  // (What the calls feature then does, opening the call screen: src/features/calls/registry/call-router.test.ts.)
  it('an incoming call by long poll or by broadcast is handed to the calls feature, once per call', async () => {
    const { transports, handlers } = fakeTransports();
    transports.fetchNewEvents.mockResolvedValueOnce([{ id: 1001, name: 'incoming_call', data: incomingCallData }]);
    register(transports);
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(callEvents).toHaveBeenCalledWith({ event_type: 'incoming_call', data: incomingCallData });

    handlers.broadcast!.onGlobalEvent({ event_type: 'incoming_call', data: incomingCallData }); // the same call again
    handlers.broadcast!.onGlobalEvent({ event_type: 'incoming_call', data: { ...incomingCallData, chat_room_call_id: 9002 } });
    expect(callEvents.mock.calls.map(([event]) => event.data.chat_room_call_id)).toEqual([9001, 9002]);
  });

  it('a live-chat new_chat_room becomes chat:new-chat-room', async () => {
    const { transports, handlers } = fakeTransports();
    register(transports);
    polling.start();
    await vi.advanceTimersByTimeAsync(0);
    const received: AppEvents['chat:new-chat-room'][] = [];
    const unsubscribe = subscribe('chat:new-chat-room', (payload) => received.push(payload));
    handlers.liveChat!.onEvent({ id: 412, uuid: 'room-412', type: 'group', event_type: 'new_chat_room', last_message: { is_owner: false } });
    unsubscribe();
    expect(received).toEqual([{ roomUuid: 'room-412', fromCurrentUser: false }]);
  });
});

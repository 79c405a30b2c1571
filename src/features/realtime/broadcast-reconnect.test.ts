// A lost connection (or pusher-js saying unavailable/failed) is attempted again on a short backoff,
// restarting pusher-js's attempt (which would otherwise wait out a 15 s timeout), until connected.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff } from './backoff.ts';
import { connectBroadcast } from './broadcast-connection.ts';

const fake = vi.hoisted(() => {
  type Handler = (data: { current: string }) => void;
  const instances: Array<{ setState(state: string): void; connects: number; disconnects: number }> = [];
  class FakePusher {
    connects = 0;
    disconnects = 0;
    private handlers: Handler[] = [];
    connection = {
      socket_id: '1.2',
      state: 'initialized',
      bind: (_event: string, handler: Handler) => void this.handlers.push(handler),
      unbind: () => void (this.handlers = []),
    };
    constructor() {
      instances.push(this);
    }
    subscribe() {
      return { bind: () => undefined };
    }
    signin() {}
    unbind_all() {}
    connect() {
      this.connects += 1;
    }
    disconnect() {
      this.disconnects += 1;
    }
    setState(current: string) {
      this.connection.state = current;
      for (const handler of this.handlers) handler({ current });
    }
  }
  return { FakePusher, instances };
});

vi.mock('pusher-js', () => ({ default: fake.FakePusher }));

const socketIds: Array<string | undefined> = [];

function open() {
  const connection = connectBroadcast({
    config: { key: 'k', host: 'h', port: 1, path: '', forceTLS: false },
    prefix: 'ess',
    userId: 42,
    onGlobalEvent: () => undefined,
    onSocketId: (id) => socketIds.push(id),
    authorizeChannel: async () => ({ auth: 'a' }),
    authenticateUser: async () => ({ auth: 'a', user_data: '{}' }),
    backoff: createBackoff({ initialMs: 1000, maxMs: 5000, jitter: 0 }),
  });
  return { connection, client: fake.instances.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  socketIds.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('broadcast reconnection with backoff', () => {
  it('after a lost connection, restarts the attempt after 1, 2, 4, 5, 5 s until connected', () => {
    const { connection, client } = open();
    client.setState('connected');
    client.setState('connecting'); // the server went away; pusher-js tries once, then waits 15 s
    let restarts = 0;
    for (const delay of [1000, 2000, 4000, 5000, 5000]) {
      vi.advanceTimersByTime(delay - 1);
      expect(client.connects).toBe(restarts);
      vi.advanceTimersByTime(1);
      restarts += 1;
      expect(client.connects).toBe(restarts);
      expect(client.disconnects).toBe(restarts);
    }
    client.setState('connected');
    vi.advanceTimersByTime(60_000);
    expect(client.connects).toBe(restarts);
    connection.close();
  });

  it('before a first connection, waits for pusher-js to say unavailable or failed', () => {
    const { connection, client } = open();
    client.setState('connecting');
    vi.advanceTimersByTime(30_000);
    expect(client.connects).toBe(0);
    client.setState('unavailable');
    vi.advanceTimersByTime(1000);
    expect(client.connects).toBe(1);
    connection.close();
  });

  it('reports the socket id only while connected, and starts from the shortest delay again once connected', () => {
    const { connection, client } = open();
    client.setState('failed');
    vi.advanceTimersByTime(1000 + 2000);
    expect(client.connects).toBe(2);
    client.setState('connected');
    expect(socketIds.at(-1)).toBe('1.2');
    client.setState('connecting');
    expect(socketIds.at(-1)).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(client.connects).toBe(3);
    connection.close();
  });

  it('no attempt after close', () => {
    const { connection, client } = open();
    client.setState('unavailable');
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(client.connects).toBe(0);
  });
});

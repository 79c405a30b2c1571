// When pusher-js gives up (unavailable after its own retries, or failed), the connection is opened
// again after a growing delay, and the delays start over once connected.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff } from './backoff.ts';
import { connectBroadcast } from './broadcast-connection.ts';

const fake = vi.hoisted(() => {
  type Handler = (data: { current: string }) => void;
  const instances: Array<{ connect: () => void; disconnect: () => void; setState(state: string): void; connects: number; disconnects: number }> = [];
  class FakePusher {
    connects = 0;
    disconnects = 0;
    private handlers: Handler[] = [];
    connection = {
      socket_id: '1.2',
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
    backoff: createBackoff({ initialMs: 1000, maxMs: 8000, jitter: 0 }),
  });
  return { connection, client: fake.instances.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  socketIds.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('broadcast reconnection with backoff', () => {
  it('reconnects after 1, 2, 4, 8, 8 s while pusher-js keeps giving up', () => {
    const { connection, client } = open();
    for (const delay of [1000, 2000, 4000, 8000, 8000]) {
      client.setState('unavailable');
      expect(client.disconnects).toBeGreaterThan(0);
      const before = client.connects;
      vi.advanceTimersByTime(delay - 1);
      expect(client.connects).toBe(before);
      vi.advanceTimersByTime(1);
      expect(client.connects).toBe(before + 1);
    }
    connection.close();
  });

  it('starts from the shortest delay again once connected, and reports the socket id', () => {
    const { connection, client } = open();
    client.setState('failed');
    vi.advanceTimersByTime(1000);
    client.setState('unavailable');
    vi.advanceTimersByTime(2000);
    client.setState('connected');
    expect(socketIds.at(-1)).toBe('1.2');
    client.setState('unavailable');
    expect(socketIds.at(-1)).toBeUndefined();
    const before = client.connects;
    vi.advanceTimersByTime(1000);
    expect(client.connects).toBe(before + 1);
    connection.close();
  });

  it('no reconnection after close', () => {
    const { connection, client } = open();
    client.setState('unavailable');
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(client.connects).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteParticipant } from '../call-media.ts';
import { JanusError } from './janus-connection.ts';
import { createReconnection, RECONNECT_DELAYS_MS } from './reconnection.ts';
import { janusTestContext } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;
let calls: string[];
/** What each try to join again does: its failure, or undefined to succeed. */
let failures: (Error | undefined)[];

beforeEach(() => {
  vi.useFakeTimers();
  test = janusTestContext();
  calls = [];
  failures = [];
  test.ctx.attempt = 1;
  test.media.set({ joined: true, remotes: [{ id: '57', state: 'connected' } as RemoteParticipant, { id: '58', state: 'connected' } as RemoteParticipant] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function reconnection() {
  return createReconnection(test.ctx, {
    tearDown: () => calls.push('tearDown'),
    refresh: async () => void calls.push('refresh'),
    connect: async (current) => {
      calls.push(`connect ${current}`);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  });
}
const states = () => test.media.getState().remotes.map((remote) => remote.state);

describe('a lost session', () => {
  it('ends the session, shows everyone as reconnecting, then asks for the newest place and joins with it', async () => {
    reconnection().lost(1);
    expect(calls).toEqual(['tearDown']);
    expect(states()).toEqual(['reconnecting', 'reconnecting']);
    await vi.runOnlyPendingTimersAsync();
    expect(calls).toEqual(['tearDown', 'refresh', 'connect 1']);
  });

  it('tries again after each failure, a bounded number of times, then shows everyone as failed', async () => {
    failures = RECONNECT_DELAYS_MS.map(() => new JanusError(undefined, 'the media server cannot be reached'));
    reconnection().lost(1);
    await vi.runAllTimersAsync();
    expect(calls.filter((call) => call.startsWith('connect'))).toHaveLength(RECONNECT_DELAYS_MS.length);
    expect(test.media.getState().joined).toBe(false);
    expect(states()).toEqual(['failed', 'failed']);
  });

  it('stays out at once when Janus refuses the place (433: no longer in the room’s ACL)', async () => {
    failures = [new JanusError(433, 'Unauthorized')];
    reconnection().lost(1);
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['tearDown', 'refresh', 'connect 1', 'tearDown']);
    expect(test.media.getState().joined).toBe(false);
    expect(states()).toEqual(['failed', 'failed']);
  });

  it('does nothing for an attempt already left, and no pending try survives stop', async () => {
    const reconnecting = reconnection();
    reconnecting.lost(0);
    expect(calls).toEqual([]);
    reconnecting.lost(1);
    reconnecting.stop();
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['tearDown']);
  });

  it('drops a failure that comes after the call was left', async () => {
    let fail: (error: Error) => void = () => undefined;
    const reconnecting = createReconnection(test.ctx, {
      tearDown: () => calls.push('tearDown'),
      refresh: async () => undefined,
      connect: () => {
        calls.push('connect');
        return new Promise((_, reject) => (fail = reject));
      },
    });
    reconnecting.lost(1);
    await vi.runAllTimersAsync();
    test.ctx.attempt = 2;
    fail(new Error('lost again'));
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['tearDown', 'connect']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLogout, runLogoutCleanups } from './logout-cleanup.ts';

const removals: Array<() => void> = [];
const register = (cleanup: () => void | Promise<unknown>) => removals.push(onLogout(cleanup));

afterEach(() => {
  removals.splice(0).forEach((remove) => remove());
  vi.restoreAllMocks();
});

describe('the logout cleanup registry', () => {
  it('starts every registered cleanup before it returns, and settles once they all have', async () => {
    const order: string[] = [];
    let finish: () => void = () => undefined;
    register(() => void order.push('chat'));
    register(() => {
      order.push('calls');
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const running = runLogoutCleanups();
    expect(order).toEqual(['chat', 'calls']);
    let settled = false;
    void running.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await running;
    expect(settled).toBe(true);
  });

  it('one cleanup throwing or rejecting neither stops the others nor rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ran = vi.fn();
    register(() => {
      throw new Error('sync');
    });
    register(() => Promise.reject(new Error('async')));
    register(ran);
    await expect(runLogoutCleanups()).resolves.toBeUndefined();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('runs a cleanup at every logout until it is removed', async () => {
    const cleanup = vi.fn();
    const remove = onLogout(cleanup);
    await runLogoutCleanups();
    await runLogoutCleanups();
    remove();
    await runLogoutCleanups();
    expect(cleanup).toHaveBeenCalledTimes(2);
  });
});

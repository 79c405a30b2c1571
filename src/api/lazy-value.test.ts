import { describe, expect, it, vi } from 'vitest';
import { lazyValue } from './lazy-value.ts';

describe('lazyValue', () => {
  it('makes the value on the first get and hands the same one after', () => {
    const create = vi.fn(() => ({ made: true }));
    const value = lazyValue(create);
    expect(create).not.toHaveBeenCalled();
    const first = value.get();
    expect(value.get()).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('peeks without making', () => {
    const value = lazyValue(() => 'made');
    expect(value.peek()).toBeUndefined();
    value.get();
    expect(value.peek()).toBe('made');
  });

  it('counts undefined and null as made (an action done once)', () => {
    const action = vi.fn(() => undefined);
    const once = lazyValue(action);
    once.get();
    once.get();
    expect(action).toHaveBeenCalledTimes(1);
    const none = vi.fn(() => null);
    const nothing = lazyValue(none);
    expect(nothing.get()).toBeNull();
    expect(nothing.get()).toBeNull();
    expect(none).toHaveBeenCalledTimes(1);
  });

  it('passes the arguments of the first get to create, and ignores later ones', () => {
    const create = vi.fn((name: string) => `hello ${name}`);
    const value = lazyValue(create);
    expect(value.get('Ayu')).toBe('hello Ayu');
    expect(value.get('Budi')).toBe('hello Ayu');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('reset forgets the value, returns it, and the next get makes a new one', () => {
    let count = 0;
    const value = lazyValue(() => ({ n: ++count }));
    expect(value.reset()).toBeUndefined();
    const first = value.get();
    expect(value.reset()).toBe(first);
    expect(value.peek()).toBeUndefined();
    expect(value.get()).toEqual({ n: 2 });
  });

  it('makes nothing when create throws, so the next get tries again', () => {
    const create = vi.fn().mockImplementationOnce(() => {
      throw new Error('not yet');
    }).mockReturnValue('made');
    const value = lazyValue<string>(create);
    expect(() => value.get()).toThrow('not yet');
    expect(value.peek()).toBeUndefined();
    expect(value.get()).toBe('made');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createListenerSet, createListenerStore } from './listener-store.ts';

describe('createListenerSet', () => {
  it('tells every listener with the arguments, until it unsubscribes', () => {
    const set = createListenerSet<[string, number]>();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = set.subscribe(first);
    set.subscribe(second);
    set.emit('a', 1);
    stopFirst();
    stopFirst(); // twice is harmless
    set.emit('b', 2);
    expect(first.mock.calls).toEqual([['a', 1]]);
    expect(second.mock.calls).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    set.clear();
    set.emit('c', 3);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('tells the listeners of when the emit began: one added during it waits for the next, one removed during it is still told', () => {
    const set = createListenerSet();
    const calls: string[] = [];
    const late = () => calls.push('late');
    const second = () => calls.push('second');
    let stopSecond = () => undefined as void;
    set.subscribe(() => {
      calls.push('first');
      set.subscribe(late);
      stopSecond();
    });
    stopSecond = set.subscribe(second);
    set.emit();
    expect(calls).toEqual(['first', 'second']);
    calls.length = 0;
    set.emit();
    expect(calls).toEqual(['first', 'late']);
  });

  it('the same listener twice is one listener', () => {
    const set = createListenerSet();
    const listener = vi.fn();
    set.subscribe(listener);
    set.subscribe(listener);
    set.emit();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('createListenerStore', () => {
  it('keeps a value, hands out the same snapshot until it changes, and tells subscribers of each change', () => {
    const store = createListenerStore({ count: 0 });
    const listener = vi.fn();
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const stop = store.subscribe(listener);
    store.set({ count: 1 });
    expect(store.getSnapshot()).toEqual({ count: 1 });
    store.update((current) => ({ count: current.count + 1 }));
    expect(store.getSnapshot()).toEqual({ count: 2 });
    store.emit();
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.set({ count: 3 });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('has stable functions, for useSyncExternalStore and code outside React', () => {
    const store = createListenerStore(0);
    const { subscribe, getSnapshot, set } = store;
    const listener = vi.fn();
    subscribe(listener);
    set(5);
    expect(getSnapshot()).toBe(5);
    expect(listener).toHaveBeenCalledOnce();
  });
});

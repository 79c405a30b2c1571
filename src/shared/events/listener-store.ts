// The one way to keep listeners: a set of callbacks (createListenerSet) and, on top of it, a value that
// React reads with useSyncExternalStore (createListenerStore). Both hand out stable functions, so they
// can be passed straight to useSyncExternalStore or kept by code outside React.

export interface ListenerSet<Args extends unknown[] = []> {
  /** Adds a listener; returns the function that removes it (calling it twice is harmless). */
  subscribe(listener: (...args: Args) => void): () => void;
  /** Calls every listener that was subscribed when the emit began, in the order they came. */
  emit(...args: Args): void;
  /** Forgets every listener. */
  clear(): void;
}

export function createListenerSet<Args extends unknown[] = []>(): ListenerSet<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    // Over a copy: a listener that subscribes or unsubscribes another one while being told neither
    // skips a neighbour nor hears this emit twice.
    emit(...args) {
      for (const listener of [...listeners]) listener(...args);
    },
    clear: () => listeners.clear(),
  };
}

export interface ListenerStore<T> {
  /** For useSyncExternalStore: told after every change. */
  subscribe(listener: () => void): () => void;
  /** For useSyncExternalStore: the current value, the same object until it changes. */
  getSnapshot(): T;
  /** Replaces the value and tells the listeners. */
  set(next: T): void;
  /** Replaces the value with what `change` makes of the current one, and tells the listeners. */
  update(change: (current: T) => T): void;
  /** Tells the listeners without changing the value (for a value changed in place elsewhere). */
  emit(): void;
}

export function createListenerStore<T>(initial: T): ListenerStore<T> {
  let value = initial;
  const listeners = createListenerSet();
  const set = (next: T) => {
    value = next;
    listeners.emit();
  };
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => value,
    set,
    update: (change) => set(change(value)),
    emit: listeners.emit,
  };
}

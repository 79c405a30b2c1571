// A value made on first use and kept (a sanitiser, a policy, an opened database, a default client, a
// started promise): the one way to hold a lazy singleton, instead of a module-level `let` and a `??=`.
// It lives in src/api, the ground floor, so every layer may use it (src/api imports only generated/).
//
//   const purifier = lazyValue(createPurifier);
//   purifier.get();            // made now, then the same value every time
//   const dropped = purifier.reset(); // forgotten (logout, a test); the next get() makes a new one
//
// `create` may take arguments: the first get() passes its own to it, later ones are ignored (the value
// is already made). A value of `undefined` (an action done once) counts as made.

export interface LazyValue<T, Args extends unknown[] = []> {
  /** The value, made now by `create(...args)` when it is not yet made. */
  get(...args: Args): T;
  /** The value if it has been made, without making it. */
  peek(): T | undefined;
  /** Forgets the value, so the next get() makes a new one; returns the value it held, if any. */
  reset(): T | undefined;
}

export function lazyValue<T, Args extends unknown[] = []>(create: (...args: Args) => T): LazyValue<T, Args> {
  let made: { value: T } | undefined;
  return {
    get(...args) {
      made ??= { value: create(...args) };
      return made.value;
    },
    peek: () => made?.value,
    reset() {
      const dropped = made;
      made = undefined;
      return dropped?.value;
    },
  };
}

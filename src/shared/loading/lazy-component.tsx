// React.lazy for the app's split code, with two differences:
// - a failed fetch is tried again (retryImport) before the component counts as failed, and the
//   failure is recorded (isCodeLoadFailure); a boundary that tries again (a DeferredBoundary once the
//   browser is online, a screen's Try again) first calls retryFailedCode(), so what then mounts the
//   component starts a fresh load: the browser fetches a failed module again (whatwg/html#10327,
//   Chromium 156), while React.lazy keeps its failure for good;
// - once the code has arrived (preload(), during the start), it renders at once: a lazy component
//   always suspends on its first render, and React then holds the revealed content back for up to
//   300 ms after the fallback — on the first paint of Home, that is most of the wait.
import { lazy, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { retryImport } from './retry-import.ts';

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code (retried); resolves once it has arrived, rejects when it cannot load. */
  preload(): Promise<unknown>;
}

const loadFailures = new WeakSet<object>();
/** How each component whose code could not load is made to load again. */
const failedCode = new Set<() => void>();

/** Lets every component whose code could not load start a fresh load where it is mounted next. */
export function retryFailedCode(): void {
  for (const reset of failedCode) reset();
  failedCode.clear();
}

/** Whether an error is code that could not be loaded (the network, or a chunk gone after a deploy). */
export const isCodeLoadFailure = (error: unknown): boolean => typeof error === 'object' && error !== null && loadFailures.has(error);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy: any component, its props inferred
export function lazyComponent<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  retryDelays?: readonly number[],
): LazyComponent<ComponentProps<T>> {
  type P = ComponentProps<T>;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: T }> | undefined;
  const preload = () => {
    pending ??= retryImport(load, retryDelays).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        if (typeof error === 'object' && error !== null) loadFailures.add(error);
        failedCode.add(() => {
          pending = undefined;
          Lazy = lazy(preload);
        });
        throw error;
      },
    );
    return pending;
  };
  let Lazy = lazy(preload);
  const Component = (props: P) => {
    // Chosen once per place in the tree: a screen first rendered as the lazy wrapper stays the wrapper
    // (which renders its code at once from then on), so the render after its code arrives does not
    // swap the component type, which would mount the screen a second time and lose its state.
    const [{ Loaded }] = useState(() => ({ Loaded: loaded ?? Lazy }));
    return <Loaded {...props} />;
  };
  return Object.assign(Component, { preload });
}

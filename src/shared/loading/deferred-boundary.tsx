// Around a part of a screen whose code loads apart from it (the offline banner, the update prompt, the
// live-updates notice, a room's search button, menu and message parts, Home's pop-up and push control):
// when its code cannot load or it fails, it is left out (or its `fallback` shows in its place) and the
// screen it belongs to stays. A part whose code could not load (the network dropped as it was
// fetched) is tried again once the browser is back online: the browser fetches a failed module again
// (whatwg/html#10327, Chromium 156), and lazyComponent starts a fresh load for it (retryFailedCode). Without this, a
// lazy component's failed chunk would take the whole screen down.
import { Component, Suspense, type ReactNode } from 'react';
import { isCodeLoadFailure, retryFailedCode } from './lazy-component.tsx';

interface Props {
  /** What is left out, for the warning. */
  name: string;
  /** Shown while the code loads and while it cannot (the part's place kept); nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

export class DeferredBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  private stopWaiting: (() => void) | undefined;

  constructor(props: Props) {
    super(props);
    // A part shown anew (a dialog opened again) loads code that could not load before again.
    retryFailedCode();
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.warn(`Left out ${this.props.name}: it could not be loaded`, error);
    if (!isCodeLoadFailure(error)) return;
    this.codeFailed = true;
    this.waitForOnline();
  }

  // React's StrictMode (npm start) unmounts and mounts the boundary again after it caught: the wait the
  // unmount stopped starts again with the mount, or the part would no longer come back by itself.
  componentDidMount(): void {
    if (this.state.failed && this.codeFailed) this.waitForOnline();
  }

  /** Whether what failed was code that could not load (tried again once the browser is online). */
  private codeFailed = false;

  private waitForOnline(): void {
    if (this.stopWaiting) return;
    const retry = () => {
      this.stopWaiting?.();
      this.codeFailed = false;
      retryFailedCode();
      this.setState({ failed: false });
    };
    window.addEventListener('online', retry);
    this.stopWaiting = () => {
      window.removeEventListener('online', retry);
      this.stopWaiting = undefined;
    };
  }

  componentWillUnmount(): void {
    this.stopWaiting?.();
  }

  render() {
    const fallback = this.props.fallback ?? null;
    return this.state.failed ? fallback : <Suspense fallback={fallback}>{this.props.children}</Suspense>;
  }
}

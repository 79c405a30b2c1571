// Around deferred, optional UI (the offline banner, the update prompt, the live-updates notice, Home's
// pop-up and push control): when its code cannot load or it fails, it is left out — the screen it
// decorates stays. Without this, a lazy component's failed chunk unmounts the whole app.
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** What is left out, for the warning. */
  name: string;
  children: ReactNode;
}

export class DeferredBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.warn(`Left out ${this.props.name}: it could not be loaded`, error);
  }

  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

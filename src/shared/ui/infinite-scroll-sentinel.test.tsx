// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteScrollSentinel } from './infinite-scroll-sentinel.tsx';

interface Watch {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Element[];
  disconnected: boolean;
}
let watches: Watch[] = [];

beforeEach(() => {
  watches = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watch: Watch;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.watch = { callback, options, targets: [], disconnected: false };
        watches.push(this.watch);
      }
      observe(target: Element) {
        this.watch.targets.push(target);
      }
      disconnect() {
        this.watch.disconnected = true;
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const live = () => watches.filter((watch) => !watch.disconnected);
const reach = (watch: Watch, isIntersecting = true) =>
  act(() => watch.callback([{ isIntersecting, target: watch.targets[0]! } as IntersectionObserverEntry], {} as IntersectionObserver));

function Scroller({ active, onReach, resetKey }: { active: boolean; onReach(): void; resetKey?: unknown }) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <div ref={root} data-testid="scroller">
      <InfiniteScrollSentinel active={active} onReach={onReach} root={root} margin="0px 0px 400px 0px" resetKey={resetKey} />
    </div>
  );
}

describe('InfiniteScrollSentinel', () => {
  it('asks for more when the sentinel comes near, watched within the scroller with the margin given', async () => {
    const onReach = vi.fn();
    const { getByTestId } = render(<Scroller active onReach={onReach} />);
    expect(live()).toHaveLength(1);
    const [watch] = live();
    expect(watch!.options?.root).toBe(getByTestId('scroller'));
    expect(watch!.options?.rootMargin).toBe('0px 0px 400px 0px');
    expect(watch!.targets[0]?.parentElement).toBe(getByTestId('scroller'));
    await reach(watch!, false);
    expect(onReach).not.toHaveBeenCalled();
    await reach(watch!);
    expect(onReach).toHaveBeenCalledOnce();
  });

  it('watches the viewport, 200px ahead, by default', () => {
    render(<InfiniteScrollSentinel active onReach={() => undefined} />);
    expect(live()[0]?.options).toEqual({ root: null, rootMargin: '200px 0px' });
  });

  it('watches nothing while inactive (no next page, one loading or failed), and afresh when active again', async () => {
    const onReach = vi.fn();
    const { rerender } = render(<Scroller active={false} onReach={onReach} />);
    expect(live()).toHaveLength(0);
    rerender(<Scroller active onReach={onReach} />);
    expect(live()).toHaveLength(1);
    const first = live()[0]!;
    rerender(<Scroller active={false} onReach={onReach} />);
    expect(first.disconnected).toBe(true);
    rerender(<Scroller active onReach={onReach} />);
    // A new observer reports a sentinel still in view, so the page after is asked for.
    expect(live()).toHaveLength(1);
    expect(live()[0]).not.toBe(first);
  });

  it('watches afresh when the reset key changes, and calls the latest onReach', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<Scroller active onReach={first} resetKey={20} />);
    const before = live()[0]!;
    rerender(<Scroller active onReach={latest} resetKey={20} />);
    expect(live()[0]).toBe(before);
    rerender(<Scroller active onReach={latest} resetKey={40} />);
    expect(before.disconnected).toBe(true);
    await reach(live()[0]!);
    expect(latest).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });

  it('does nothing without IntersectionObserver (the list keeps its Load more button)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(() => render(<InfiniteScrollSentinel active onReach={() => undefined} />)).not.toThrow();
  });
});

// jsdom lays nothing out, so virtua's VList (which renders the rows that fit its measured viewport)
// shows no row there. Tests swap in this plain list with the same props and handle:
//   vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));
import { useImperativeHandle, type HTMLAttributes, type ReactNode, type Ref } from 'react';

export interface VListHandle {
  scrollOffset: number;
  scrollSize: number;
  viewportSize: number;
  scrollToIndex(index: number, options?: unknown): void;
  scrollTo(offset: number): void;
  scrollBy(offset: number): void;
  getItemOffset(index: number): number;
  getItemSize(index: number): number;
  findItemIndex(offset: number): number;
}

interface VListProps<T> {
  data: readonly T[];
  children: (item: T, index: number) => ReactNode;
  ref?: Ref<VListHandle>;
  [other: string]: unknown;
}

/** virtua's own props, not for the DOM. */
const VIRTUA_ONLY = new Set(['shift', 'onScroll', 'onScrollEnd', 'reverse', 'bufferSize', 'itemSize', 'cache', 'keepMounted', 'horizontal', 'item', 'as', 'ssrCount']);

export function VList<T>({ data, children, ref, ...rest }: VListProps<T>) {
  useImperativeHandle(ref, () => ({
    scrollOffset: 0,
    scrollSize: 0,
    viewportSize: 0,
    scrollToIndex() {},
    scrollTo() {},
    scrollBy() {},
    getItemOffset: () => 0,
    getItemSize: () => 0,
    findItemIndex: () => 0,
  }));
  const domProps = Object.fromEntries(Object.entries(rest).filter(([name]) => !VIRTUA_ONLY.has(name))) as HTMLAttributes<HTMLDivElement>;
  return <div {...domProps}>{data.map((item, index) => children(item, index))}</div>;
}

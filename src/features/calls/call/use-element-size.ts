// The size of an element's content box, kept current by a ResizeObserver (the window turning, the
// banners above the stage coming and going). undefined until measured (and where there is no
// ResizeObserver); the caller picks a default then.
import { useEffect, useState, type RefObject } from 'react';
import type { StageSize } from './stage-layout.ts';

export function useElementSize(ref: RefObject<HTMLElement | null>): StageSize | undefined {
  const [size, setSize] = useState<StageSize | undefined>();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (!box) return;
      const width = Math.round(box.width);
      const height = Math.round(box.height);
      setSize((last) => (last?.width === width && last.height === height ? last : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

// A bar fixed at the top of the page that takes its own space instead of covering the screen (the offline
// banner, the live-updates notice): while it shows, its height is on the root as a custom property that
// src/app/global.css adds to --top-bars-height, which moves the page down below the bars and shortens
// --app-height, the height screens fill. Re-measured when the bar's size changes (it wraps on a narrow
// screen, and includes the notch's safe area).
import { useLayoutEffect, type RefObject } from 'react';

export function useReservedSpace(bar: RefObject<HTMLElement | null>, shown: boolean, property: `--${string}`): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(property, `${element.offsetHeight}px`);
    reserve();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      root.style.removeProperty(property);
    };
  }, [bar, shown, property]);
}

// A screen's main action (Create, Copy group) in a bar that stays in view at the bottom of its scrolling
// area (issue 37, item 2): above the tab bar (the screen's height already leaves it out), and above the
// on-screen keyboard, which covers the bottom of the page without resizing it (browsers resize only the
// visual viewport): the bar is lifted by what the keyboard covers beyond the tab bar.
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './action-bar.module.css';

/** How much of the page's bottom the visual viewport leaves out (the on-screen keyboard), in px. */
export function keyboardInset(view: Pick<VisualViewport, 'height' | 'offsetTop'>, layoutHeight: number): number {
  return Math.max(0, Math.round(layoutHeight - view.height - view.offsetTop));
}

export function ActionBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = window.visualViewport;
    const element = bar.current;
    if (!view || !element) return;
    const follow = () => element.style.setProperty('--keyboard-inset', `${keyboardInset(view, window.innerHeight)}px`);
    follow();
    view.addEventListener('resize', follow);
    view.addEventListener('scroll', follow);
    return () => {
      view.removeEventListener('resize', follow);
      view.removeEventListener('scroll', follow);
    };
  }, []);
  return (
    <div ref={bar} className={styles.bar} data-testid="action-bar">
      {children}
    </div>
  );
}

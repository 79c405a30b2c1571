// A screen's main action (Create, Copy group) in a bar that stays in view at the bottom of its scrolling
// area (issue 37, item 2): above the tab bar (the screen's height already leaves it out), and above the
// on-screen keyboard, which covers the bottom of the page without resizing it (browsers resize only the
// visual viewport): the bar is lifted by how far its resting place reaches below the visual viewport.
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './action-bar.module.css';

/** How far `bottom` (the bar's resting bottom edge) reaches below what the visual viewport shows (the on-screen keyboard), in px. */
export function keyboardInset(view: Pick<VisualViewport, 'height' | 'offsetTop'>, bottom: number): number {
  return Math.max(0, Math.round(bottom - view.height - view.offsetTop));
}

export function ActionBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = window.visualViewport;
    const element = bar.current;
    if (!view || !element) return;
    let lifted = 0;
    const follow = () => {
      // Where the bar rests without the lift: sticky at its scroller's bottom, above the tab bar.
      const resting = element.getBoundingClientRect().bottom + lifted;
      lifted = keyboardInset(view, resting);
      element.style.setProperty('--keyboard-inset', `${lifted}px`);
    };
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

// The action bar is lifted by what the on-screen keyboard covers: the layout viewport's height less the
// visual viewport's bottom edge (issue 37, item 2).
import { describe, expect, it } from 'vitest';
import { keyboardInset } from './action-bar.tsx';

describe('keyboardInset', () => {
  it('is 0 without a keyboard, and what the keyboard covers with one', () => {
    expect(keyboardInset({ height: 844, offsetTop: 0 }, 844)).toBe(0);
    expect(keyboardInset({ height: 508, offsetTop: 0 }, 844)).toBe(336);
  });

  it('counts the visual viewport scrolled down within the page (a focused field kept in view), and never goes below 0', () => {
    expect(keyboardInset({ height: 508, offsetTop: 120 }, 844)).toBe(216);
    expect(keyboardInset({ height: 900, offsetTop: 0 }, 844)).toBe(0);
  });
});

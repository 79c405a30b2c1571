// The action bar is lifted by what the on-screen keyboard covers of its resting place: how far the bar's
// bottom edge reaches below the visual viewport's (issue 37, item 2).
import { describe, expect, it } from 'vitest';
import { keyboardInset } from './action-bar.tsx';

describe('keyboardInset', () => {
  it('is 0 without a keyboard (the bar rests above the tab bar), and what the keyboard covers with one', () => {
    expect(keyboardInset({ height: 844, offsetTop: 0 }, 780)).toBe(0);
    expect(keyboardInset({ height: 508, offsetTop: 0 }, 780)).toBe(272);
  });

  it('counts the visual viewport scrolled down within the page (a focused field kept in view), and never goes below 0', () => {
    expect(keyboardInset({ height: 508, offsetTop: 120 }, 780)).toBe(152);
    expect(keyboardInset({ height: 900, offsetTop: 0 }, 780)).toBe(0);
  });
});

// @vitest-environment happy-dom
// A file's name is cut only when it does not fit its box, measured (issue 37: "daf… mber.xlsx" on a card
// with room to spare), the extension kept, and measured again when the box is resized. The DOM here has
// no layout: the widths are stubbed, as a browser would measure them.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileName } from './file-name.tsx';

const NAME = 'daftar-hadir-november.xlsx';
/** The whole name's width, and its parts' when cut (what a browser measures at the card's font). */
const WHOLE = 200;
const START = 160;
const END = 40;

let boxWidth = 320;
let resized: Array<() => void> = [];

beforeEach(() => {
  boxWidth = 320;
  resized = [];
  const part = (element: HTMLElement) => element.dataset.part;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return part(this) ? 0 : boxWidth;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return part(this) === 'start' ? START : part(this) === 'end' ? END : Math.max(WHOLE, boxWidth);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return part(this) === 'end' ? END : part(this) === 'start' ? Math.min(START, boxWidth - END) : boxWidth;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = callback;
      }
      observe() {
        resized.push(() => this.callback());
      }
      disconnect() {
        resized = [];
      }
      unobserve() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const shown = () => screen.getByTitle(NAME);
const resizeTo = (width: number) =>
  act(() => {
    boxWidth = width;
    resized.forEach((notify) => notify());
  });

describe('a file name', () => {
  it('shows whole, in one piece, when it fits the width it is given', () => {
    render(<FileName name={NAME} />);
    expect(shown().textContent).toBe(NAME);
    expect(shown().hasAttribute('data-cut')).toBe(false);
    // One piece of text: nothing drawn with an ellipsis.
    expect([...shown().childNodes].map((node) => node.nodeType)).toEqual([Node.TEXT_NODE]);
  });

  it('is cut in the middle when it does not fit, the extension and the characters before it kept, the whole name its tooltip', () => {
    boxWidth = 120;
    render(<FileName name={NAME} />);
    expect(shown().hasAttribute('data-cut')).toBe(true);
    const start = shown().querySelector('[data-part="start"]')!;
    const end = shown().querySelector('[data-part="end"]')!;
    expect(start.textContent).toBe('daftar-hadir-nove');
    expect(end.textContent).toBe('mber.xlsx');
    // Nothing of the name is lost for a screen reader: the cut is drawn (CSS), not made in the text.
    expect(start.textContent! + end.textContent!).toBe(NAME);
    expect(shown().querySelector('[data-part="sizer"]')!.getAttribute('aria-hidden')).toBe('true');
    expect(shown().getAttribute('title')).toBe(NAME);
  });

  it('is measured again when its box is resized: cut when narrowed, whole again when widened', () => {
    render(<FileName name={NAME} />);
    expect(shown().hasAttribute('data-cut')).toBe(false);
    resizeTo(150);
    expect(shown().hasAttribute('data-cut')).toBe(true);
    expect(shown().querySelector('[data-part="end"]')!.textContent).toBe('mber.xlsx');
    resizeTo(WHOLE);
    expect(shown().hasAttribute('data-cut')).toBe(false);
    expect(shown().textContent).toBe(NAME);
  });

  it('keeps a name too short to cut in the middle whole', () => {
    boxWidth = 10;
    render(<FileName name="a.pdf" />);
    expect(screen.getByTitle('a.pdf').textContent).toBe('a.pdf');
    expect(screen.getByTitle('a.pdf').querySelector('[data-part]')).toBeNull();
  });

  it('where text can be measured, draws the cut start with its ellipsis right against the kept end, and reads the whole name', () => {
    // A font of 8 px a character: the whole name is 208 px; in 120 px, 'mber.xlsx' (72 px) leaves 47 px for the start and its ellipsis.
    vi.spyOn(window, 'getComputedStyle').mockReturnValue({ font: '600 16px sans-serif' } as CSSStyleDeclaration);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ font: '', measureText: (text: string) => ({ width: Array.from(text).length * 8 }) } as unknown as CanvasRenderingContext2D);
    boxWidth = 120;
    render(<FileName name={NAME} />);
    expect(shown().hasAttribute('data-cut')).toBe(true);
    const start = shown().querySelector('[data-part="start"]')!;
    const end = shown().querySelector('[data-part="end"]')!;
    expect(start.textContent).toBe('daft\u2026');
    expect(end.textContent).toBe('mber.xlsx');
    // Read whole: the drawn parts are hidden from assistive technology, the whole name is there for it.
    expect(start.getAttribute('aria-hidden')).toBe('true');
    expect(end.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(NAME, { selector: 'span:not([data-part])' })).toBeTruthy();

    resizeTo(208);
    expect(shown().hasAttribute('data-cut')).toBe(false);
    expect(shown().textContent).toBe(NAME);
  });
});

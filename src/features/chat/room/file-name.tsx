// A file's name on one line (a file card, a row of the room's Files panel, a file chosen to upload): whole
// when it fits the width it is given, measured (its box's width, measured again whenever the box is
// resized: a turned phone, a wider window, a panel opening); cut in the middle only when it does not fit,
// the extension and the few characters before it kept ("daftar-hadir-nove…mber.xlsx"). The cut start is
// measured too (the text at the box's font), so the ellipsis sits right against the kept end; where text
// cannot be measured the start's CSS ellipsis cuts it. The whole name is its tooltip and what assistive
// technology reads.
import { useLayoutEffect, useRef, useState } from 'react';
import ui from '../../../shared/ui/ui.module.css';
import { lazyValue } from '../../../api/lazy-value.ts';
import { splitForMiddleEllipsis } from './file-type.tsx';
import parts from './parts.module.css';

const ELLIPSIS = '\u2026';

/** One canvas context for measuring text, made on first use (null where the page has none). */
const measuringContext = lazyValue((): CanvasRenderingContext2D | null => {
  try {
    return document.createElement('canvas').getContext('2d');
  } catch {
    return null;
  }
});

/** The width of `text` drawn in `font`; undefined where text cannot be measured (no canvas). */
function textWidth(text: string, font: string): number | undefined {
  const measuring = measuringContext.get();
  if (!measuring) {
    measuringContext.reset(); // None yet: asked again next time.
    return undefined;
  }
  measuring.font = font;
  return measuring.measureText(text).width;
}

/** The longest beginning of `start` that fits `room` with the ellipsis after it. */
function fittingStart(start: string, room: number, font: string): string {
  const characters = Array.from(start);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((textWidth(characters.slice(0, middle).join('') + ELLIPSIS, font) ?? Infinity) <= room) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('') + ELLIPSIS;
}

/** Whether the whole name is wider than its box, from the page's own layout: the box's content while whole; the start's whole text and the end while cut. */
function overflows(box: HTMLElement): boolean {
  const start = box.querySelector<HTMLElement>('[data-part="start"]');
  const end = box.querySelector<HTMLElement>('[data-part="end"]');
  const whole = start && end ? start.scrollWidth + end.offsetWidth : box.scrollWidth;
  return whole > box.clientWidth;
}

/** Whole, or cut: with the start's measured text (`start`), or left to the start's CSS ellipsis. */
type Shown = { cut: false } | { cut: true; start?: string };

export function FileName({ name, className }: { name: string; className?: string }) {
  const { start, end } = splitForMiddleEllipsis(name);
  const box = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState<Shown>({ cut: false });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !end) return undefined;
    const measure = () => {
      const font = getComputedStyle(element).font;
      const whole = font ? textWidth(name, font) : undefined;
      // Fractional, as the text is measured: a name exactly as wide as its box (the card sized to it) fits.
      const room = element.getBoundingClientRect().width || element.clientWidth;
      if (whole === undefined || room === 0) {
        setShown(overflows(element) ? { cut: true } : { cut: false });
        return;
      }
      if (whole <= room + 1) {
        setShown({ cut: false });
        return;
      }
      const cutStart = fittingStart(start, room - (textWidth(end, font) ?? 0) - 1, font);
      setShown((current) => (current.cut && current.start === cutStart ? current : { cut: true, start: cutStart }));
    };
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(element);
    return () => resized?.disconnect();
  }, [name, start, end]);

  const classes = `${parts.fileName} ${className ?? ''}`;
  if (!shown.cut) {
    return (
      <span ref={box} className={`${classes} ${parts.wholeName}`} title={name}>
        {name}
      </span>
    );
  }
  // Measured: the cut text is drawn, and the whole name read.
  const measured = shown.start !== undefined;
  // The sizer, the whole name drawn invisibly with no height, keeps the width the box asks of the card:
  // the card stays as wide as it may be, and the shorter cut text never shrinks it into a shorter cut.
  return (
    <span ref={box} className={`${classes} ${parts.cutName}`} title={name} data-cut="">
      {measured && <span className={ui.visuallyHidden}>{name}</span>}
      <span className={parts.cutRow}>
        <span className={parts.nameStart} data-part="start" aria-hidden={measured || undefined}>
          {shown.start ?? start}
        </span>
        <span className={parts.nameEnd} data-part="end" aria-hidden={measured || undefined}>
          {end}
        </span>
      </span>
      <span className={parts.nameSizer} data-part="sizer" aria-hidden="true">
        {name}
      </span>
    </span>
  );
}

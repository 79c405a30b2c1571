// A picture fitted to the screen, as a messenger shows it: pinch, double-tap (double-click), the wheel
// (with or without Ctrl: a trackpad's pinch arrives as Ctrl+wheel) and the + / - buttons and keys zoom,
// about the point under the fingers or pointer; a zoomed picture pans with one finger or the mouse and
// stays on screen; unzoomed, a horizontal swipe (or the arrow keys and buttons) goes to the room's
// previous or next picture. The transform is set through React's style prop (the CSSOM, which the CSP
// does not govern), never a style attribute.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, ZoomInIcon, ZoomOutIcon } from '../../../shared/ui/icons.tsx';
import styles from './viewer.module.css';

export const MIN_SCALE = 1;
export const MAX_SCALE = 5;
/** One + / - press or button: this factor. A double tap zooms to DOUBLE_TAP_SCALE, or back to fit. */
export const ZOOM_STEP = 1.5;
export const DOUBLE_TAP_SCALE = 2.5;
/** A horizontal swipe of at least this many pixels (and more across than down) changes the picture. */
export const SWIPE_DISTANCE = 60;
const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 10;

interface View {
  scale: number;
  x: number;
  y: number;
}

const FIT: View = { scale: 1, x: 0, y: 0 };
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export interface ImageViewerProps {
  /** A new picture starts fitted: the screen keys the viewer by its file. */
  src: string;
  alt: string;
  onPrevious?(): void;
  onNext?(): void;
}

export function ImageViewer({ src, alt, onPrevious, onNext }: ImageViewerProps) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [view, setViewState] = useState<View>(FIT);
  const viewRef = useRef(view);
  // The handlers read the view between renders (a pinch's moves come faster than React renders).
  const setView = useCallback((next: View) => {
    viewRef.current = next;
    setViewState(next);
  }, []);
  const [dragging, setDragging] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ view: View; startX: number; startY: number; distance: number; moved: boolean; pinched: boolean } | null>(null);
  const lastTap = useRef(0);
  // A touch double tap is handled on pointerup; the dblclick Chromium then synthesises must not undo it.
  const lastPointer = useRef('mouse');

  /** Keeps a zoomed picture covering the stage: it pans no further than its overflow. */
  const clamp = useCallback((next: View): View => {
    const box = stage.current?.getBoundingClientRect();
    if (next.scale <= MIN_SCALE || !box) return { ...next, x: next.scale <= MIN_SCALE ? 0 : next.x, y: next.scale <= MIN_SCALE ? 0 : next.y };
    const maxX = ((next.scale - 1) * box.width) / 2;
    const maxY = ((next.scale - 1) * box.height) / 2;
    return { scale: next.scale, x: Math.min(maxX, Math.max(-maxX, next.x)), y: Math.min(maxY, Math.max(-maxY, next.y)) };
  }, []);

  /** Zooms to `scale` keeping the point (client coordinates; the stage's centre by default) where it is. */
  const zoomTo = useCallback(
    (scale: number, clientX?: number, clientY?: number, from: View = viewRef.current) => {
      const box = stage.current?.getBoundingClientRect();
      const next = clampScale(scale);
      const px = box && clientX !== undefined ? clientX - (box.left + box.width / 2) : 0;
      const py = box && clientY !== undefined ? clientY - (box.top + box.height / 2) : 0;
      const ratio = next / from.scale;
      setView(clamp({ scale: next, x: px - (px - from.x) * ratio, y: py - (py - from.y) * ratio }));
    },
    [clamp, setView],
  );

  // The wheel needs a non-passive listener to keep the page (or the browser's own zoom) from taking it.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomTo(viewRef.current.scale * Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.002)), event.clientX, event.clientY);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomTo]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.metaKey || (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]'))) return;
      const zoomed = viewRef.current.scale > MIN_SCALE;
      if (event.key === 'ArrowRight' && onNext && !zoomed) onNext();
      else if (event.key === 'ArrowLeft' && onPrevious && !zoomed) onPrevious();
      else if (event.key === '+' || event.key === '=') zoomTo(viewRef.current.scale * ZOOM_STEP);
      else if (event.key === '-' || event.key === '_') zoomTo(viewRef.current.scale / ZOOM_STEP);
      else if (event.key === '0') setView(FIT);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onNext, onPrevious, zoomTo, setView]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const centre = () => {
    const all = [...pointers.current.values()];
    return { x: all.reduce((sum, p) => sum + p.x, 0) / all.length, y: all.reduce((sum, p) => sum + p.y, 0) / all.length };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    lastPointer.current = event.pointerType;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pinched = pointers.current.size >= 2 || (gesture.current?.pinched ?? false);
    const at = centre();
    gesture.current = { view: viewRef.current, startX: at.x, startY: at.y, distance: distance(), moved: pinched, pinched };
    setDragging(true);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (!current || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const at = centre();
    const dx = at.x - current.startX;
    const dy = at.y - current.startY;
    if (Math.hypot(dx, dy) > TAP_SLOP) current.moved = true;
    if (pointers.current.size >= 2 && current.distance > 0) {
      const scale = clampScale(current.view.scale * (distance() / current.distance));
      zoomTo(scale, current.startX, current.startY, current.view);
      return;
    }
    if (current.view.scale > MIN_SCALE) setView(clamp({ ...current.view, x: current.view.x + dx, y: current.view.y + dy }));
    // Unzoomed, the picture follows the finger across while a swipe is under way.
    else if (!current.pinched && (onNext || onPrevious)) setView({ scale: 1, x: dx, y: 0 });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (!pointers.current.delete(event.pointerId) || !current) return;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other carries on as a pan from here.
      const at = centre();
      gesture.current = { view: viewRef.current, startX: at.x, startY: at.y, distance: 0, moved: true, pinched: true };
      return;
    }
    gesture.current = null;
    setDragging(false);
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (event.type === 'pointerup' && !current.moved && event.pointerType !== 'mouse') {
      const now = event.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        zoomTo(viewRef.current.scale > MIN_SCALE ? MIN_SCALE : DOUBLE_TAP_SCALE, event.clientX, event.clientY);
        return;
      }
      lastTap.current = now;
    }
    if (current.pinched || current.view.scale > MIN_SCALE) return;
    setView(FIT);
    if (event.type !== 'pointerup' || Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) onNext?.();
    else onPrevious?.();
  };

  const zoomed = view.scale > MIN_SCALE;
  return (
    <div className={styles.imageViewer}>
      <div
        ref={stage}
        className={styles.stage}
        data-testid="image-stage"
        data-scale={view.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => lastPointer.current === 'mouse' && zoomTo(zoomed ? MIN_SCALE : DOUBLE_TAP_SCALE, event.clientX, event.clientY)}
      >
        <img
          className={`${styles.image} ${dragging ? '' : styles.settling}`}
          src={src}
          alt={alt}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      <div className={styles.imageControls}>
        <IconButton icon={ChevronLeftIcon} label={t('chat.viewer.previous')} onClick={onPrevious} disabled={!onPrevious} />
        <IconButton icon={ZoomOutIcon} label={t('chat.viewer.zoomOut')} onClick={() => zoomTo(view.scale / ZOOM_STEP)} disabled={!zoomed} />
        <IconButton icon={ZoomInIcon} label={t('chat.viewer.zoomIn')} onClick={() => zoomTo(view.scale * ZOOM_STEP)} disabled={view.scale >= MAX_SCALE} />
        <IconButton icon={ChevronRightIcon} label={t('chat.viewer.next')} onClick={onNext} disabled={!onNext} />
      </div>
    </div>
  );
}

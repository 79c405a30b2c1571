// How a message's actions are reached besides its quick actions (issue 37): a right-click opens the menu at
// the pointer (the browser's own menu is held back on messages only), a long press on a touch screen
// (500 ms, given up when the finger moves or the list scrolls) opens the sheet, and the keyboard opens it
// from a focused message (Enter, the context-menu key or Shift+F10; the up and down arrows move between
// messages). It also says which message shows its quick actions: the one the mouse last moved onto, or
// the one the keyboard last focused (a tap's focus shows none). One set of listeners on the list, attached once
// the room has shown its messages (message-list.tsx), so the room's start carries none of this.
import type { RoomMessage } from '../api/message-model.ts';
import type { PointerAt } from './room-controller.ts';

export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;
/** A second way of opening the same menu that follows the first (Android's contextmenu after a long press, the context-menu key's event after its keydown) opens nothing more. */
const REPEAT_MS = 800;

export interface MessageGestureTarget {
  /** The message on show with this uuid. */
  messageOf(uuid: string): RoomMessage | undefined;
  /** Opens a message's actions: at the pointer (a right-click), else as the sheet. */
  open(message: RoomMessage, at?: PointerAt): void;
  /** The message whose quick actions show, or none. */
  setActive(uuid: string | null): void;
}

/** A message that has actions: its bubble takes the focus (message-bubble.tsx gives only those a tabindex). */
const bubbleOf = (node: EventTarget | null): HTMLElement | null => (node instanceof Element ? node.closest<HTMLElement>('[data-testid="message"][data-message-uuid][tabindex]') : null);
const rowOf = (node: EventTarget | null): string | null => (node instanceof Element ? (node.closest<HTMLElement>('[data-message-row]')?.dataset.messageRow ?? null) : null);

export function attachMessageGestures(area: HTMLElement, target: MessageGestureTarget): () => void {
  let hovered: string | null = null;
  let focused: string | null = null;
  let shown: string | null = null;
  let lastPointer = '';
  /** How the person last moved the focus: the keyboard ('key') or a pointer (its type), anywhere on the page. */
  let modality = '';
  const onKey = () => void (modality = 'key');
  const onPointer = (event: PointerEvent) => void (modality = event.pointerType);
  let openedAt = 0;
  let press: { timer: ReturnType<typeof setTimeout>; x: number; y: number; id: number } | undefined;
  let swallowClick = false;
  let leaving: ReturnType<typeof setTimeout> | undefined;

  /** The latest of the two wins: the message the mouse moved onto, or the one the keyboard moved to. */
  const show = (next = focused ?? hovered) => {
    if (next === shown) return;
    shown = next;
    target.setActive(next);
  };
  const messageAt = (node: EventTarget | null) => {
    const bubble = bubbleOf(node);
    const uuid = bubble?.dataset.messageUuid;
    return uuid ? target.messageOf(uuid) : undefined;
  };
  const open = (message: RoomMessage, at?: PointerAt) => {
    openedAt = Date.now();
    if (at) target.open(message, at);
    else target.open(message);
  };
  const cancelPress = () => {
    if (press) clearTimeout(press.timer);
    press = undefined;
  };

  const listeners: { [Type in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[Type]) => void } = {
    pointerover(event) {
      if (event.pointerType !== 'mouse') return;
      clearTimeout(leaving);
      hovered = rowOf(event.target);
      show(hovered ?? focused);
    },
    pointerout(event) {
      if (event.pointerType !== 'mouse' || area.contains(event.relatedTarget as Node | null)) return;
      // Out of the list, unless a pointerover inside it follows at once (a move onto what an event does not name).
      clearTimeout(leaving);
      leaving = setTimeout(() => {
        hovered = null;
        show();
      });
    },
    focusin(event) {
      // The keyboard's focus shows them; a click's or a tap's does not (the mouse shows them by hovering).
      focused = modality === 'key' ? rowOf(event.target) : null;
      show();
    },
    focusout(event) {
      const next = event.relatedTarget as Node | null;
      focused = next && area.contains(next) && modality === 'key' ? rowOf(next) : null;
      show();
    },
    keydown(event) {
      const bubble = bubbleOf(event.target);
      if (!bubble || bubble !== event.target || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const bubbles = [...area.querySelectorAll<HTMLElement>('[data-testid="message"][tabindex]')];
        const next = bubbles[bubbles.indexOf(bubble) + (event.key === 'ArrowDown' ? 1 : -1)];
        if (next) {
          event.preventDefault();
          next.focus();
        }
        return;
      }
      const menuKey = event.key === 'Enter' || event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
      const message = menuKey ? messageAt(bubble) : undefined;
      if (!message) return;
      event.preventDefault();
      open(message);
    },
    contextmenu(event) {
      const message = messageAt(event.target);
      if (!message) return;
      event.preventDefault();
      const touch = lastPointer === 'touch' || press !== undefined;
      cancelPress();
      if (Date.now() - openedAt < REPEAT_MS) return;
      if (touch) swallowClick = true;
      open(message, touch ? undefined : { x: event.clientX, y: event.clientY });
    },
    pointerdown(event) {
      lastPointer = event.pointerType;
      swallowClick = false;
      cancelPress();
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      const message = messageAt(event.target);
      if (!message) return;
      const timer = setTimeout(() => {
        press = undefined;
        // The finger lifting after the menu opened is no tap on what it was on (a link, a picture).
        swallowClick = true;
        open(message);
      }, LONG_PRESS_MS);
      press = { timer, x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    pointermove(event) {
      if (press && event.pointerId === press.id && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE_PX) cancelPress();
    },
    pointerup: cancelPress,
    pointercancel: cancelPress,
  };
  const onClick = (event: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  };
  const entries = Object.entries(listeners) as [string, EventListener][];
  for (const [type, listener] of entries) area.addEventListener(type, listener);
  area.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  // The list scrolling (a fling that fires no pointercancel) gives the press up too.
  area.addEventListener('scroll', cancelPress, true);
  return () => {
    cancelPress();
    clearTimeout(leaving);
    for (const [type, listener] of entries) area.removeEventListener(type, listener);
    area.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
    area.removeEventListener('scroll', cancelPress, true);
  };
}

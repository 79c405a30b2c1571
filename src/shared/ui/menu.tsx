// A menu of actions behind an icon button (the WAI-ARIA menu button pattern):
//
//   <Menu
//     label={t('chat.roomMenu')}            // the trigger's accessible name (required) and tooltip
//     icon={MoreVerticalIcon}               // the trigger's icon (MoreVerticalIcon by default)
//     items={[
//       { key: 'mute', label: t('chat.mute'), icon: MutedIcon, onSelect: () => mute() },
//       { key: 'delete', label: t('chat.deleteChat'), icon: DeleteIcon, tone: 'danger', onSelect: () => remove() },
//     ]}
//     triggerClassName={headerActionClass}  // optional: the trigger's look in a header
//   />
//
// Keyboard: Enter, Space or ArrowDown on the trigger opens it on the first item, ArrowUp on the last;
// ArrowDown/ArrowUp move (wrapping), Home/End go to the first/last item, a letter goes to the next item
// starting with it; Enter or Space chooses; Escape closes and gives focus back to the trigger; Tab closes.
// A tap outside closes it. Choosing an item closes the menu and gives focus back to the trigger before
// the item's onSelect runs (so a dialog the item opens returns focus there when it closes).
//
// Why hand-written: the pattern is small, and both libraries the issue names cost more than they bring
// here. Radix's DropdownMenu locks scrolling through react-remove-scroll, which injects a <style> element
// (refused by the production CSP, which has no 'unsafe-inline' for styles); React Aria Components' Menu
// with its Popover adds tens of KB gzip to the chunk of every screen with a menu. The list is shown in
// the top layer as a manual popover where the browser has the Popover API (so it sits above a modal
// dialog it is opened from, and nothing clips it), placed under its trigger (above it when there is no
// room below), aligned with the trigger's end.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { IconButton } from './button.tsx';
import { MoreVerticalIcon, type IconComponent } from './icons.tsx';
import styles from './menu.module.css';

export interface MenuItem {
  key: string;
  label: string;
  icon?: IconComponent;
  /** A destructive action (delete, leave): drawn in the danger colour. */
  tone?: 'default' | 'danger';
  disabled?: boolean;
  onSelect(): void;
}

export interface MenuProps {
  /** The trigger's accessible name and tooltip; also names the menu. */
  label: string;
  items: readonly MenuItem[];
  /** The trigger's icon. */
  icon?: IconComponent;
  /** Extra class for the trigger (e.g. `headerActionClass` in a ScreenHeader). */
  triggerClassName?: string;
  disabled?: boolean;
  /** Which edge of the trigger the menu lines up with; the end (right in LTR) by default. */
  align?: 'start' | 'end';
  /** Called when the menu opens or closes. */
  onOpenChange?(open: boolean): void;
}

type Focus = 'first' | 'last';

/** The top layer where the browser has it (a [popover] elsewhere would only be hidden). */
const POPOVER = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function' ? 'manual' : undefined;

const GAP = 4;
const EDGE = 8;

export function Menu({ label, items, icon = MoreVerticalIcon, triggerClassName, disabled = false, align = 'end', onOpenChange }: MenuProps) {
  const [open, setOpen] = useState<Focus | null>(null);
  const menuId = useId();
  const triggerId = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const latestOnOpenChange = useRef(onOpenChange);
  useEffect(() => {
    latestOnOpenChange.current = onOpenChange;
  });

  // The trigger is the wrapper's first child (IconButton takes no ref).
  const trigger = () => (wrapper.current?.firstElementChild as HTMLButtonElement | null | undefined) ?? null;
  const menuItems = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const show = (focus: Focus) => {
    setOpen(focus);
    latestOnOpenChange.current?.(true);
  };
  const close = useCallback(
    ({ focusTrigger = true } = {}) => {
      setOpen(null);
      latestOnOpenChange.current?.(false);
      if (focusTrigger) (wrapper.current?.firstElementChild as HTMLElement | null | undefined)?.focus();
    },
    [],
  );

  // Opening: into the top layer, placed by the trigger, focus on the first (or last) item.
  useLayoutEffect(() => {
    const element = list.current;
    if (!open || !element) return undefined;
    if (POPOVER && !element.matches(':popover-open')) element.showPopover();
    const place = () => {
      const anchor = trigger()?.getBoundingClientRect();
      if (!anchor) return;
      const { width, height } = element.getBoundingClientRect();
      const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
      const viewportHeight = window.innerHeight;
      const below = anchor.bottom + GAP;
      const top = below + height <= viewportHeight - EDGE || anchor.top - GAP - height < EDGE ? below : anchor.top - GAP - height;
      const wanted = align === 'end' ? anchor.right - width : anchor.left;
      const left = Math.min(Math.max(EDGE, wanted), Math.max(EDGE, viewportWidth - width - EDGE));
      element.style.top = `${Math.max(EDGE, top)}px`;
      element.style.left = `${left}px`;
    };
    place();
    const focusable = menuItems();
    (open === 'first' ? focusable[0] : focusable[focusable.length - 1])?.focus();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
    // Placed once per opening; `open` changes only between closed and open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open !== null]);

  // A press anywhere else closes it (focus stays where the press put it).
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close({ focusTrigger: false });
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  };

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close();
    item.onSelect();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const focusable = menuItems();
    const index = focusable.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      focusable[(to + focusable.length) % focusable.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? -1 : index - 1);
      case 'Home':
      case 'PageUp':
        return move(0);
      case 'End':
      case 'PageDown':
        return move(-1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close();
      case 'Tab':
        // The menu closes; focus moves on from the trigger as Tab would.
        return close();
      default:
        if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const now = Date.now();
          typed.current = { text: now - typed.current.at < 700 ? typed.current.text + event.key.toLowerCase() : event.key.toLowerCase(), at: now };
          // The letters typed in quick succession; a letter that continues no label starts afresh.
          const ordered = [...focusable.slice(index + 1), ...focusable.slice(0, index + 1)];
          const startingWith = (text: string) => ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(text));
          let match = startingWith(typed.current.text);
          if (!match) {
            typed.current.text = event.key.toLowerCase();
            match = startingWith(typed.current.text);
          }
          if (match) {
            event.preventDefault();
            match.focus();
          }
        }
    }
  };

  return (
    <span ref={wrapper} className={styles.anchor}>
      <IconButton
        id={triggerId}
        icon={icon}
        label={label}
        className={triggerClassName}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : show('first'))}
        onKeyDown={onTriggerKeyDown}
      />
      {open && (
        <ul
          ref={list}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={styles.menu}
          popover={POPOVER}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus leaving the menu for something that is not the trigger (a screen reader's jump) closes it.
            const next = event.relatedTarget as Node | null;
            if (next && !wrapper.current?.contains(next)) close({ focusTrigger: false });
          }}
        >
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li
                key={item.key}
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                className={item.tone === 'danger' ? `${styles.item} ${styles.danger}` : styles.item}
                onClick={() => choose(item)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    choose(item);
                  }
                }}
              >
                {Icon && <Icon size={20} aria-hidden="true" className={styles.icon} />}
                <span className={styles.label}>{item.label}</span>
              </li>
            );
          })}
        </ul>
      )}
    </span>
  );
}

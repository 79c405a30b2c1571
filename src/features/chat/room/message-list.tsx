// The room's messages in a bottom-anchored virtual list (virtua): only the rows near the view are in
// the DOM, older pages are prepended without moving what the person is reading (`shift` on exactly
// the renders that prepend), and a new message keeps the view at the bottom when it was there. The
// list is the room's one list: messages still in the outbox are among them, with their state.
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { VList, type VListHandle } from 'virtua';
import { formatDay, parseDate } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './room.module.css';
import { MESSAGE_HINT_ID, MessageBubble } from './message-bubble.tsx';
import { RoomControllerContext } from './room-controller.ts';

export interface MessageListProps {
  /** Oldest first. */
  messages: readonly RoomMessage[];
  isGroup: boolean;
  hasOlder: boolean;
  hasNewer: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onLoadNewer(): void;
  /** Scroll to this message and highlight it (a pinned message tapped); `nonce` repeats a jump. */
  focus: { uuid: string; nonce: number } | null;
  /** The "New messages" divider goes before this message (the first unread when the room opened), and the room opens with it in view. */
  firstUnread?: string | null;
}

const EDGE_PX = 240;
// '' for a message whose date cannot be read.
const dayOf = (message: RoomMessage) => parseDate(message.createdAt)?.toDateString() ?? '';

/**
 * The day of the nearest message at or before `index` whose date can be read ('' for none): a message
 * whose date cannot be read (a faulty answer) starts no day, and the next one is compared with the one before it.
 */
function readableDayUpTo(items: readonly RoomMessage[], index: number, context: RoomMessage | undefined): string {
  for (let at = index; at >= 0; at -= 1) {
    const day = dayOf(items[at]!);
    if (day) return day;
  }
  return context ? dayOf(context) : '';
}

const scrollToNewest = (handle: VListHandle, count: number) => handle.scrollToIndex(count - 1, { align: 'end' });
/**
 * A short message's row (one line of text with its time): the list's estimate for rows not measured
 * yet. Without one, virtua renders the first row alone to measure it before the rest, a render and a
 * layout more when a room opens (the 10,000-message room's first paint at 4× CPU went from 915 to 683 ms, medians
 * of six openings).
 */
const ESTIMATED_ROW_PX = 72;

export function MessageList({ messages: loaded, isGroup, hasOlder, hasNewer, loadingOlder, onLoadOlder, onLoadNewer, focus, firstUnread = null }: MessageListProps) {
  const { t, i18n } = useTranslation();
  // While older messages exist, the oldest loaded one is not shown: it is the context (day, sender)
  // of the first shown one, so a prepend never changes a row already on screen (which would move it).
  // (Unless it is the message jumped to.)
  const context = hasOlder && loaded.length > 1 && loaded[0]?.uuid !== focus?.uuid ? loaded[0] : undefined;
  const items = useMemo(() => (context ? loaded.slice(1) : loaded), [context, loaded]);
  const list = useRef<VListHandle>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ last: string | undefined; length: number }>({ last: undefined, length: 0 });

  // `shift` holds for the items of a prepend: the old first item is still here but no longer first.
  const [seenItems, setSeenItems] = useState(items);
  const [shift, setShift] = useState(false);
  if (items !== seenItems) {
    const oldFirst = seenItems[0]?.uuid;
    setSeenItems(items);
    setShift(oldFirst !== undefined && items[0]?.uuid !== oldFirst && items.some((item) => item.uuid === oldFirst));
  }

  useLayoutEffect(() => {
    const handle = list.current;
    const lastKey = items.at(-1)?.uuid;
    const before = previous.current;
    previous.current = { last: lastKey, length: items.length };
    if (!handle || items.length === 0 || focus) return;
    const firstRender = before.length === 0;
    const appended = lastKey !== before.last;
    // One's own message just written shows, wherever the view was (a room opened at its "New messages" divider too).
    const sentNow = appended && before.length > 0 && items.at(-1)?.pending !== undefined;
    if (firstRender || (appended && atBottom.current) || sentNow) scrollToNewest(handle, items.length);
  }, [items, focus]);

  // Issue 37: a room opened with more unread messages than a screen opens at the divider, not at the
  // newest message (fewer: the newest is in view with the divider above it; scrolling to the divider's
  // top clamps there by itself). Once, when the divider is placed.
  const dividerIndex = firstUnread ? items.findIndex((item) => item.uuid === firstUnread) : -1;
  const scrolledToDivider = useRef(false);
  useLayoutEffect(() => {
    const handle = list.current;
    if (!handle || dividerIndex < 0 || scrolledToDivider.current || focus) return;
    scrolledToDivider.current = true;
    atBottom.current = false;
    handle.scrollToIndex(dividerIndex, { align: 'start' });
  }, [dividerIndex, focus]);

  // The read receipt shows under one's own newest message the server has (as messengers do).
  const receiptUuid = useMemo(() => items.findLast((item) => item.own && !item.pending && !item.deleted && item.kind !== 'call' && item.kind !== 'system')?.uuid, [items]);

  const focusIndex = focus ? items.findIndex((item) => item.uuid === focus.uuid) : -1;
  useEffect(() => {
    if (focusIndex >= 0) list.current?.scrollToIndex(focusIndex, { align: 'center' });
  }, [focusIndex, focus?.nonce]);

  // Where the last scroll left the view, to tell the person scrolling from the list growing under them.
  const lastScroll = useRef({ offset: 0, size: 0 });
  const onScroll = (offset: number) => {
    const handle = list.current;
    if (!handle) return;
    const fromBottom = handle.scrollSize - offset - handle.viewportSize;
    const last = lastScroll.current;
    lastScroll.current = { offset, size: handle.scrollSize };
    // Rows that grow once their parts arrive (a file's card, a picture, a quote) move the view without
    // the person scrolling (the offset did not go up the list): a view kept at the newest message stays
    // there, so what arrives next still shows.
    const grewUnderneath = handle.scrollSize !== last.size && offset >= last.offset;
    if (fromBottom >= 80 && grewUnderneath && atBottom.current && !focus) scrollToNewest(handle, items.length);
    else atBottom.current = fromBottom < 80;
    if (offset < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
    if (fromBottom < EDGE_PX && hasNewer) onLoadNewer();
  };
  // Rows at or below the view that grow (a file's card, a picture's box or a receipt whose code arrived
  // after the first page) push the newest message down without a scroll: no scroll event says so. A view
  // kept at the newest message is taken back there, so the room opens, and stays, at its newest message.
  const onResize = () => {
    const handle = list.current;
    if (!handle || !atBottom.current || focus || hasNewer) return;
    if (handle.scrollSize - handle.scrollOffset - handle.viewportSize >= 1) scrollToNewest(handle, items.length);
  };

  // A message's actions besides its quick actions (a right-click, a long press, the keyboard) and which
  // message shows them: one set of listeners on the list, their code fetched as the room opens.
  const room = useContext(RoomControllerContext);
  const [active, setActive] = useState<string | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const shown = useRef(items);
  useLayoutEffect(() => {
    shown.current = items;
  });
  const empty = items.length === 0;
  useEffect(() => {
    const element = area.current;
    if (!room || !element) return undefined;
    let detach: (() => void) | undefined;
    let live = true;
    import('./message-gestures.ts')
      .then(({ attachMessageGestures }) => {
        if (live) detach = attachMessageGestures(element, { messageOf: (uuid) => shown.current.find((item) => item.uuid === uuid), open: room.openActions, setActive });
      })
      .catch(() => undefined); // Offline before it came: the quick actions and the sheet from the keyboard stay.
    return () => {
      live = false;
      detach?.();
    };
  }, [room, empty]);

  if (empty) return <p className={styles.state}>{t('chat.noMessages')}</p>;

  return (
    <>
      {loadingOlder && (
        // Over the list, not in it: a row that grew would push what the person is reading.
        <div className={styles.olderLoader}>
          <Spinner inline label={t('feed.loadingMore')} />
        </div>
      )}
      <div ref={area} className={styles.listEvents}>
      {room && (
        <span id={MESSAGE_HINT_ID} className={styles.visuallyHidden}>
          {t('chat.messageHint')}
        </span>
      )}
      <VList ref={list} data={items} shift={shift} itemSize={ESTIMATED_ROW_PX} className={styles.vlist} onScroll={onScroll} onResize={onResize} data-testid="message-list" aria-label={t('chat.messagesLabel')}>
        {(message, index) => {
          const before = index === 0 ? context : items[index - 1];
          const day = dayOf(message);
          const newDay = !before || dayOf(before) !== day;
          const separator = day !== '' && day !== readableDayUpTo(items, index - 1, context);
          const showSender = isGroup && (!before || before.senderId !== message.senderId || before.kind === 'system' || before.kind === 'call' || newDay);
          return (
            <div key={message.uuid}>
              {separator && (
                <div className={styles.daySeparator} role="separator">
                  <span>{formatDay(message.createdAt, i18n.language)}</span>
                </div>
              )}
              {message.uuid === firstUnread && (
                <div className={styles.unreadDivider} role="separator" data-testid="new-messages-divider">
                  <span>{t('chat.newMessages')}</span>
                </div>
              )}
              <MessageBubble
                message={message}
                showSender={showSender}
                isGroup={isGroup}
                highlighted={focus?.uuid === message.uuid}
                showReceipt={message.uuid === receiptUuid}
                active={active === message.uuid}
              />
            </div>
          );
        }}
      </VList>
      </div>
    </>
  );
}

// One room in the chat list (a ListRow): avatar (a direct room's other person), the name cut to one
// line with the whole of it as a tooltip, HR and urgent chips before the last message ("You:" for one's
// own), its time, the pinned and muted marks, and the unread count.
//
// A row is rendered for every 65 px scrolled, up to some 30 of them in one frame when the list is
// flung: it does no translation lookups and holds no router hooks of its own. Its texts come from the
// list (RowTexts, made once per language), and it is a plain link whose taps the list turns into
// in-app navigations (openRoomLink), as the router's Link would.
import { memo, useMemo, type MouseEvent } from 'react';
import { callLineText, type CallSummaryFields } from '../../../shared/domain/call-summary.ts';
import type { NavigateFunction } from 'react-router';
import { countOf, formatDay, formatTime, parseDate } from '../../../shared/format/formatters.ts';
import { otherPersonAvatar } from '../../../shared/domain/direct-room.ts';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { CountBadge } from '../../../shared/ui/badge.tsx';
import { Chip } from '../../../shared/ui/chip.tsx';
import { MutedIcon, PinIcon } from '../../../shared/ui/icons.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { isTruthyFlag, roomTitle, type ChatRoom } from '../api/message-model.ts';
import styles from './chat-list.module.css';

/** What every row says, in the list's language. */
export interface RowTexts {
  language: string;
  untitled: string;
  pinned: string;
  muted: string;
  hrChat: string;
  urgentChat: string;
  you: string;
  noMessages: string;
  unread(count: number): string;
  /** A call's line as the last message, worded for the reader (each wording looked up once). */
  callLine(summary: CallSummaryFields | null | undefined, readerIsCaller: boolean, serverText: string | null | undefined): string;
}

export function useRowTexts(t: TFunction, language: string): RowTexts {
  return useMemo(() => {
    const callLines = new Map<string, string>();
    return {
      language,
      untitled: t('chat.untitled'),
      pinned: t('chat.pinned'),
      muted: t('chat.muted'),
      hrChat: t('chat.hrChat'),
      urgentChat: t('chat.urgentChat'),
      you: t('chat.you'),
      noMessages: t('chat.noMessages'),
      unread: (count: number) => t('chat.unread', { count }),
      callLine: (summary, readerIsCaller, serverText) => {
        const key = summary ? `${summary.status}|${summary.duration_seconds}|${readerIsCaller}` : `|${serverText ?? ''}`;
        let line = callLines.get(key);
        if (line === undefined) callLines.set(key, (line = callLineText(t, summary, readerIsCaller, serverText)));
        return line;
      },
    };
  }, [t, language]);
}

/**
 * A tap on a row's link (the list listens once for all rows): an in-app navigation, unless the person
 * asked the browser for something else (another tab or window: a modifier key or another button).
 */
export function openRoomLink(event: MouseEvent, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-testid="chat-room-row"]');
  if (!link || !event.currentTarget.contains(link)) return;
  event.preventDefault();
  navigate(link.getAttribute('href')!);
}

function lastActivity(room: ChatRoom, language: string) {
  const at = room.last_message?.created_at ?? room.updated_at;
  const date = parseDate(at);
  if (!date) return '';
  return date.toDateString() === new Date().toDateString() ? formatTime(date, language) : formatDay(date, language);
}

export interface ChatRoomRowProps {
  room: ChatRoom;
  to: string;
  texts: RowTexts;
  /** The signed-in person's id: which of a direct room's two people is the other one. */
  myUserId: number | undefined;
  /** The room open beside the list (wide screens). */
  selected?: boolean;
}

export const ChatRoomRow = memo(function ChatRoomRow({ room, to, texts, myUserId, selected = false }: ChatRoomRowProps) {
  const title = roomTitle(room) || texts.untitled;
  const unread = countOf(room.meta?.unread_messages);
  const last = room.last_message;
  const group = room.type === 'group';
  const isCall = Boolean(last && (last.type === 'call' || last.call));
  const preview =
    last && isCall
      ? texts.callLine(last.call, isTruthyFlag(last.is_owner), last.message_content)
      : last?.message_content
        ? `${isTruthyFlag(last.is_owner) ? `${texts.you} ` : ''}${last.message_content}`
        : texts.noMessages;
  const hr = room.is_chat_with_hr === 1;
  const urgent = room.is_urgent_chat === 1;
  return (
    <a href={to} className={styles.rowLink} data-testid="chat-room-row" data-room-uuid={room.uuid} aria-current={selected ? 'page' : undefined}>
      <ListRow
        selected={selected}
        strong={unread > 0}
        start={group ? <Avatar name={title} decorative /> : <Avatar src={otherPersonAvatar(room, myUserId)} name={title} decorative />}
        title={title}
        subtitle={
          <>
            {hr && (
              <span className={styles.tag}>
                <Chip tone="brand">{texts.hrChat}</Chip>
              </span>
            )}
            {urgent && (
              <span className={styles.tag}>
                <Chip tone="danger">{texts.urgentChat}</Chip>
              </span>
            )}
            <span className={styles.preview}>{preview}</span>
          </>
        }
        end={
          <>
            <span className={styles.time}>{lastActivity(room, texts.language)}</span>
            <span className={styles.marks}>
              {room.pinned_at && (
                <span role="img" aria-label={texts.pinned} title={texts.pinned} className={styles.mark}>
                  <PinIcon size={16} aria-hidden="true" />
                </span>
              )}
              {isTruthyFlag(room.is_muted) && (
                <span role="img" aria-label={texts.muted} title={texts.muted} className={styles.mark}>
                  <MutedIcon size={16} aria-hidden="true" />
                </span>
              )}
              {unread > 0 && (
                <span role="img" aria-label={texts.unread(unread)}>
                  <CountBadge count={unread} />
                </span>
              )}
            </span>
          </>
        }
      />
    </a>
  );
});

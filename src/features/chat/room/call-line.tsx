// The line a call leaves in its chat room (issue 23): a system line (centred, no bubble, no message
// menu) with a phone icon and its time, worded for the reader (src/shared/domain/call-summary.ts), a
// missed one in red with the missed-call icon. Loaded with the room's other message parts (room-parts.ts),
// not with the room's start: most rooms' first page has no call in it.
import { callLineText, isMissedFor } from '../../../shared/domain/call-summary.ts';
import { formatTime, parseDate } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { CallIcon, MissedCallIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './room.module.css';

/** The line a call leaves (issue 23): its sender is the caller, so `own` says the reader called. */
export function CallLine({ message }: { message: RoomMessage }) {
  const { t, i18n } = useTranslation();
  const missed = isMissedFor(message.call, message.own);
  const Icon = missed ? MissedCallIcon : CallIcon;
  const time = parseDate(message.createdAt);
  return (
    <div className={styles.systemRow}>
      <p
        className={`${styles.systemLine} ${styles.callLine} ${missed ? styles.callMissed : ''}`}
        data-testid="message"
        data-kind="call"
        data-message-uuid={message.uuid}
        data-delivery="sent"
      >
        <Icon size={14} aria-hidden="true" className={styles.callLineIcon} />
        <span>{callLineText(t, message.call, message.own, message.text)}</span>
        {time && (
          <time className={styles.callLineTime} dateTime={message.createdAt ?? undefined}>
            {formatTime(time, i18n.language)}
          </time>
        )}
      </p>
    </div>
  );
}

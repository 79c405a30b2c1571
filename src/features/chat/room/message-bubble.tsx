// One message: own on the right, others on the left with the sender's name and picture in groups; text
// with links, files (a card: the file type's icon, the name, the size and a download button; images as a
// thumbnail that opens the full picture), stickers, polls; time, "edited", pinned; and for messages still
// in the outbox, their state (sending, with an upload's progress; waiting for the network; not sent, with
// Retry and Delete). A message with actions takes the focus; its quick actions show while it is
// hovered or focused (`active`, message-list.tsx), and its sheet or menu opens by a right-click, a long
// press or the keyboard (message-gestures.ts). A system line (a group event: "… created the group") is centred muted text, with no
// bubble and no message menu; so is a call's line ("Missed call", "Video call · 12 min", call-line.tsx,
// loaded with the room's other message parts).
import { memo, useContext, type ComponentProps } from 'react';
import { formatTime, parseDate } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { DeferredBoundary } from '../../../shared/loading/deferred-boundary.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { ClockIcon, PinIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import { MessageText, safeHttpUrl } from './message-text.tsx';
import { CallLine, FileCard, MessageExtra, MessageToolbar, PollCard } from './room-parts.ts';
import { RoomControllerContext } from './room-controller.ts';
import styles from './room.module.css';

export interface BubbleProps {
  message: RoomMessage;
  showSender: boolean;
  /** A group: others' messages carry their sender's picture (on the first of a run, else its space). */
  isGroup?: boolean;
  highlighted: boolean;
  /** One's own newest message shows its read receipt (issue 24). */
  showReceipt?: boolean;
  /** Hovered or focused from the keyboard: its quick actions show (issue 37). */
  active?: boolean;
}

/** An upload on the wire: how much has gone. */
function UploadProgress({ percent, name }: { percent: number; name: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.uploadProgress}>
      <progress max={100} value={percent} aria-label={t('chat.uploadingFile', { name })} data-testid="message-upload-progress" />
      <span>{t('chat.uploadPercent', { percent })}</span>
    </span>
  );
}

/** A reply's quote, a forward's mark, reactions or a receipt (room-parts.ts); left out if its code cannot load. */
function Extra(props: ComponentProps<typeof MessageExtra>) {
  return (
    <DeferredBoundary name="a message's extras">
      <MessageExtra {...props} />
    </DeferredBoundary>
  );
}

/** A group event (created, joined, left…): the server's words, centred, without a bubble or a menu. */
function SystemLine({ message }: { message: RoomMessage }) {
  return (
    <div className={styles.systemRow}>
      <p className={styles.systemLine} data-testid="message" data-kind="system" data-message-uuid={message.uuid} data-delivery="sent">
        {message.text}
      </p>
    </div>
  );
}

export const MessageBubble = memo(function MessageBubble({ message, showSender, isGroup = false, highlighted, showReceipt = false, active = false }: BubbleProps) {
  const { t, i18n } = useTranslation();
  // The room's controller: the message's actions, and an unsent message's Retry and Delete (none outside a room).
  const room = useContext(RoomControllerContext);
  if (message.kind === 'system' && !message.file && !message.poll && !message.deleted) return <SystemLine message={message} />;
  if (message.kind === 'call' && !message.file && !message.deleted) {
    return (
      <DeferredBoundary name="a call's line" fallback={<div className={`${styles.systemRow} ${styles.callPlaceholder}`} />}>
        <CallLine message={message} />
      </DeferredBoundary>
    );
  }
  const delivery = message.pending?.state;
  const failure = message.pending?.error;
  const progress = message.pending?.progress;
  const time = parseDate(message.createdAt);
  const sticker = safeHttpUrl(message.sticker?.imageUrl);
  const bare = message.kind === 'sticker' && sticker && !message.deleted;
  const classes = [styles.bubble, message.own ? styles.own : styles.other, bare ? styles.bare : '', highlighted ? styles.highlighted : '', delivery === 'failed' ? styles.failedBubble : '', message.file && !message.deleted ? styles.fileBubble : ''];
  const withAvatar = isGroup && !message.own;
  // A message sent (not deleted) in a room has actions: it takes the focus, and its menu opens from it.
  const actions = Boolean(room) && !delivery && !message.deleted;
  return (
    <div className={`${styles.bubbleRow} ${message.own ? styles.rowOwn : ''} ${showSender ? styles.runStart : ''}`} data-message-row={message.uuid}>
      {withAvatar && (
        <span className={styles.senderAvatar}>{showSender && <Avatar src={message.senderAvatar} name={message.senderName ?? ''} size="s" decorative />}</span>
      )}
      <div className={classes.join(' ')} data-testid="message" data-message-uuid={message.uuid} data-client-id={message.clientId ?? undefined} data-delivery={delivery ?? 'sent'} data-highlighted={highlighted || undefined} tabIndex={actions ? 0 : undefined} aria-describedby={actions ? MESSAGE_HINT_ID : undefined}>
        {showSender && !message.own && message.senderName && <span className={styles.sender}>{message.senderName}</span>}
        {message.forwarded && !message.deleted && <Extra part="forwarded" />}
        {message.replyTo && !message.deleted && <Extra part="quote" reply={message.replyTo} />}
        {message.deleted ? (
          <span className={styles.deletedText}>{t('chat.deletedMessage')}</span>
        ) : (
          <>
            {message.file && (
              <DeferredBoundary name="a file card" fallback={<span className={styles.filePlaceholder} />}>
                <FileCard file={message.file} messageUuid={message.pending ? undefined : message.uuid} />
              </DeferredBoundary>
            )}
            {message.file && progress !== undefined && <UploadProgress percent={progress} name={message.file.name} />}
            {message.kind === 'sticker' && sticker && <img className={styles.sticker} src={sticker} alt={message.sticker?.name ?? t('chat.sticker')} />}
            {message.poll && (
              <DeferredBoundary name="a poll" fallback={<span className={styles.pollPlaceholder} />}>
                <PollCard message={message} poll={message.poll} />
              </DeferredBoundary>
            )}
            {message.text && !message.poll && (
              <span className={styles.text}>
                <MessageText text={message.text} />
              </span>
            )}
          </>
        )}
        <span className={styles.meta}>
          {message.pinnedAt && (
            <span className={styles.metaIcon} role="img" aria-label={t('chat.pinned')} title={t('chat.pinned')}>
              <PinIcon size={12} aria-hidden="true" />
            </span>
          )}
          {message.edited && <span>{t('chat.edited')}</span>}
          {time && <time dateTime={message.createdAt ?? undefined}>{formatTime(time, i18n.language)}</time>}
          {(delivery === 'sending' || delivery === 'waiting') && (
            <span className={styles.metaIcon} title={t(delivery === 'sending' ? 'chat.sending' : 'chat.waitingForNetwork')}>
              <ClockIcon size={12} aria-hidden="true" />
              <span className={styles.visuallyHidden}>{t(delivery === 'sending' ? 'chat.sending' : 'chat.waitingForNetwork')}</span>
            </span>
          )}
          {delivery === 'failed' && (
            <span className={styles.deliveryFailed}>{t('chat.notSent')}</span>
          )}
        </span>
        {message.reactions?.length && !message.deleted ? <Extra part="reactions" message={message} /> : null}
        {showReceipt && message.receipt && !delivery && (
          <span className={styles.meta}>
            <Extra part="receipt" message={message} receipt={message.receipt} isGroup={isGroup} />
          </span>
        )}
        {delivery === 'failed' && (
          <span className={styles.failedActions}>
            {failure && <span className={styles.failureText}>{failure}</span>}
            {room && message.clientId && (
              <>
                <button type="button" className={styles.textAction} onClick={() => room.retry(message.clientId!)}>
                  {t('common.retry')}
                </button>
                <button type="button" className={styles.textAction} onClick={() => room.discard(message.clientId!)}>
                  {t('chat.delete')}
                </button>
              </>
            )}
          </span>
        )}
        {active && actions && (
          <DeferredBoundary name="a message's quick actions">
            <MessageToolbar message={message} />
          </DeferredBoundary>
        )}
      </div>
    </div>
  );
});

/** The id of the list's one hint on how a focused message opens its actions (message-list.tsx). */
export const MESSAGE_HINT_ID = 'chat-message-hint';

// One message: own on the right, others on the left with the sender's name in groups; text with
// links, files (name, size, download; a preview for images), stickers, polls; time, "edited", pinned; and
// for messages still in the outbox, their state (sending, with an upload's progress; waiting for the
// network; not sent, with Retry and Delete).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatTime } from '../../../shared/format/formatters.ts';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './room.module.css';
import { MessageText, safeHttpUrl } from './message-text.tsx';
import { PollCard } from './poll-card.tsx';

export interface BubbleProps {
  message: RoomMessage;
  showSender: boolean;
  highlighted: boolean;
  onActions?(message: RoomMessage): void;
  onRetry?(): void;
  onDelete?(): void;
}

function FileBody({ file }: { file: NonNullable<RoomMessage['file']> }) {
  const { t, i18n } = useTranslation();
  const url = safeHttpUrl(file.url);
  const isImage = file.mimeType?.startsWith('image/') && url;
  return (
    <span className={styles.file}>
      {isImage && <img className={styles.imagePreview} src={url} alt={file.name} loading="lazy" />}
      <span className={styles.fileName}>📎 {file.name}</span>
      {file.size !== null && <span className={styles.fileSize}>{formatBytes(file.size, i18n.language)}</span>}
      {url && (
        <a className={styles.fileDownload} href={url} download={file.name} target="_blank" rel="noopener noreferrer">
          {t('chat.download')}
        </a>
      )}
    </span>
  );
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

export const MessageBubble = memo(function MessageBubble({ message, showSender, highlighted, onActions, onRetry, onDelete }: BubbleProps) {
  const { t, i18n } = useTranslation();
  const delivery = message.pending?.state;
  const failure = message.pending?.error;
  const progress = message.pending?.progress;
  const time = message.createdAt ? new Date(message.createdAt) : null;
  const sticker = safeHttpUrl(message.sticker?.imageUrl);
  const classes = [styles.bubble, message.own ? styles.own : styles.other, highlighted ? styles.highlighted : '', delivery === 'failed' ? styles.failedBubble : ''];
  return (
    <div className={`${styles.bubbleRow} ${message.own ? styles.rowOwn : ''}`}>
      <div className={classes.join(' ')} data-testid="message" data-message-uuid={message.uuid} data-client-id={message.clientId ?? undefined} data-delivery={delivery ?? 'sent'}>
        {showSender && !message.own && message.senderName && <span className={styles.sender}>{message.senderName}</span>}
        {message.deleted ? (
          <span className={styles.deletedText}>{t('chat.deletedMessage')}</span>
        ) : (
          <>
            {message.file && <FileBody file={message.file} />}
            {message.file && progress !== undefined && <UploadProgress percent={progress} name={message.file.name} />}
            {message.kind === 'sticker' && sticker && <img className={styles.sticker} src={sticker} alt={message.sticker?.name ?? t('chat.sticker')} />}
            {message.poll && <PollCard message={message} poll={message.poll} />}
            {message.text && !message.poll && (
              <span className={styles.text}>
                <MessageText text={message.text} />
              </span>
            )}
          </>
        )}
        <span className={styles.meta}>
          {message.pinnedAt && <span aria-label={t('chat.pinned')}>📌</span>}
          {message.edited && <span>{t('chat.edited')}</span>}
          {time && !Number.isNaN(time.getTime()) && <time dateTime={message.createdAt ?? undefined}>{formatTime(time, i18n.language)}</time>}
          {delivery === 'sending' && <span className={styles.delivery}>{t('chat.sending')}</span>}
          {delivery === 'waiting' && <span className={styles.delivery}>{t('chat.waitingForNetwork')}</span>}
          {delivery === 'failed' && <span className={styles.deliveryFailed}>{t('chat.notSent')}</span>}
          {!delivery && onActions && !message.deleted && (
            <button type="button" className={styles.moreButton} onClick={() => onActions(message)} aria-label={t('chat.messageActions')}>
              ⋯
            </button>
          )}
        </span>
        {delivery === 'failed' && (
          <span className={styles.failedActions}>
            {failure && <span className={styles.failureText}>{failure}</span>}
            <button type="button" className={styles.linkButton} onClick={onRetry}>
              {t('common.retry')}
            </button>
            <button type="button" className={styles.linkButton} onClick={onDelete}>
              {t('chat.delete')}
            </button>
          </span>
        )}
      </div>
    </div>
  );
});

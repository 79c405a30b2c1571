// A file message's card: the file type's icon, the name on one line (cut in the middle, the extension
// kept; the whole name as its tooltip), the size and a round download button; an image also shows as a
// thumbnail. A sent message's thumbnail and card open the file in the attachment viewer (issue 24);
// outside a room, or while the message is still in the outbox, the thumbnail opens the whole picture in
// a new tab. Its code (and the file-type icons) loads beside the room's first page (chat-room-screen.tsx
// preloads it), not before the room's first content.
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../shared/format/formatters.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { DownloadIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import { FileTypeIcon, splitForMiddleEllipsis } from './file-type.tsx';
import { safeHttpUrl } from './message-text.tsx';
import { OpenRoomContext } from './open-room.ts';
import parts from './parts.module.css';

/** A file's name on one line: cut in the middle when long, the extension kept; the whole name as its tooltip. */
export function FileName({ name, className }: { name: string; className?: string }) {
  const { start, end } = splitForMiddleEllipsis(name);
  const classes = `${parts.fileName} ${className ?? ''}`;
  if (!end) {
    return (
      <span className={`${classes} ${parts.wholeName}`} title={name}>
        {name}
      </span>
    );
  }
  return (
    <span className={classes} title={name}>
      <span className={parts.nameStart}>{start}</span>
      <span className={parts.nameEnd}>{end}</span>
    </span>
  );
}

/** `messageUuid`: the sent message's (none while it is only in the outbox: the server has no such file yet). */
export function FileCard({ file, messageUuid }: { file: NonNullable<RoomMessage['file']>; messageUuid?: string }) {
  const { t, i18n } = useTranslation();
  const room = useContext(OpenRoomContext);
  const url = safeHttpUrl(file.url);
  const isImage = file.mimeType?.startsWith('image/') && url;
  const viewer = room && messageUuid ? paths.attachmentView(room.api.version, room.api.uuid, messageUuid) : null;
  const about = (
    <>
      <span className={parts.fileIcon}>
        <FileTypeIcon name={file.name} mimeType={file.mimeType} />
      </span>
      <span className={parts.fileInfo}>
        <FileName name={file.name} />
        {file.size !== null && <span className={parts.fileSize}>{formatBytes(file.size, i18n.language)}</span>}
      </span>
    </>
  );
  const preview = isImage && <img className={parts.imagePreview} src={url} alt={file.name} loading="lazy" />;
  return (
    <span className={parts.file}>
      {preview &&
        (viewer ? (
          <Link className={parts.imageLink} to={viewer} aria-label={t('chat.viewer.openFile', { name: file.name })}>
            {preview}
          </Link>
        ) : (
          <a className={parts.imageLink} href={url} target="_blank" rel="noopener noreferrer">
            {preview}
          </a>
        ))}
      <span className={parts.fileCard}>
        {viewer ? (
          <Link className={parts.fileOpen} to={viewer} aria-label={t('chat.viewer.openFile', { name: file.name })}>
            {about}
          </Link>
        ) : (
          about
        )}
        {url && (
          <a className={parts.roundAction} href={url} download={file.name} target="_blank" rel="noopener noreferrer" aria-label={t('chat.downloadFile', { name: file.name })} title={t('chat.download')}>
            <DownloadIcon size={20} aria-hidden="true" />
          </a>
        )}
      </span>
    </span>
  );
}

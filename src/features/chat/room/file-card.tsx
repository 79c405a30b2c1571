// A file message's card: the file type's icon, the name on one line (cut in the middle, the extension
// kept; the whole name as its tooltip), the size and a round download button; an image also shows as a
// thumbnail that opens the whole picture in a new tab. Its code (and the file-type icons) loads beside the
// room's first page (chat-room-screen.tsx preloads it), not before the room's first content.
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { DownloadIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import { FileTypeIcon, splitForMiddleEllipsis } from './file-type.tsx';
import { safeHttpUrl } from './message-text.tsx';
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

export function FileCard({ file }: { file: NonNullable<RoomMessage['file']> }) {
  const { t, i18n } = useTranslation();
  const url = safeHttpUrl(file.url);
  const isImage = file.mimeType?.startsWith('image/') && url;
  return (
    <span className={parts.file}>
      {isImage && (
        // The full picture in a new tab; the link is named by the picture (its file name).
        <a className={parts.imageLink} href={url} target="_blank" rel="noopener noreferrer">
          <img className={parts.imagePreview} src={url} alt={file.name} loading="lazy" />
        </a>
      )}
      <span className={parts.fileCard}>
        <span className={parts.fileIcon}>
          <FileTypeIcon name={file.name} mimeType={file.mimeType} />
        </span>
        <span className={parts.fileInfo}>
          <FileName name={file.name} />
          {file.size !== null && <span className={parts.fileSize}>{formatBytes(file.size, i18n.language)}</span>}
        </span>
        {url && (
          <a className={parts.roundAction} href={url} download={file.name} target="_blank" rel="noopener noreferrer" aria-label={t('chat.downloadFile', { name: file.name })} title={t('chat.download')}>
            <DownloadIcon size={20} aria-hidden="true" />
          </a>
        )}
      </span>
    </span>
  );
}

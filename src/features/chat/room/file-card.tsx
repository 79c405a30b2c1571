// A file message's card: the file type's icon, the name on one line (whole where it fits, else cut in
// the middle, the extension kept; the whole name as its tooltip: file-name.tsx), the size and a round
// download button; an image also shows as a thumbnail. A sent message's thumbnail and card open the
// file in the attachment viewer (issue 24); outside a room, or while the message is still in the
// outbox, the thumbnail opens the whole picture in a new tab. Its code (and the file-type icons) loads
// beside the room's first page (chat-room-screen.tsx preloads it), not before the room's first content.
import { useContext } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { DownloadIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import { FileName } from './file-name.tsx';
import { FileTypeIcon } from './file-type.tsx';
import { safeHttpUrl } from './message-text.tsx';
import { RoomControllerContext } from './room-controller.ts';
import ui from '../../../shared/ui/ui.module.css';
import parts from './parts.module.css';

/**
 * A file's type icon, name and size (a file card's, a row of the room's Files panel), as a link to the
 * attachment viewer when `viewer` is given. Inside that link what it shows is hidden from assistive
 * technology and said once as the link's name ("Open report.pdf, 120 KB"): an aria-label "Open <name>"
 * beside the shown size would not contain it, and the name cut in the middle reads as two words (axe:
 * label-content-name-mismatch).
 */
export function FileSummary({ name, mimeType, size, viewer }: { name: string; mimeType?: string | null; size?: number | null; viewer?: string | null }) {
  const { t, i18n } = useTranslation();
  const shownSize = size != null ? formatBytes(size, i18n.language) : '';
  const about = (
    <>
      <span className={parts.fileIcon} aria-hidden={viewer ? true : undefined}>
        <FileTypeIcon name={name} mimeType={mimeType} />
      </span>
      <span className={parts.fileInfo} aria-hidden={viewer ? true : undefined}>
        <FileName name={name} />
        {shownSize && <span className={parts.fileSize}>{shownSize}</span>}
      </span>
    </>
  );
  if (!viewer) return about;
  const open = t('chat.viewer.openFile', { name });
  return (
    <Link className={parts.fileOpen} to={viewer}>
      <span className={ui.visuallyHidden}>{shownSize ? `${open}, ${shownSize}` : open}</span>
      {about}
    </Link>
  );
}

/** `messageUuid`: the sent message's (none while it is only in the outbox: the server has no such file yet). */
export function FileCard({ file, messageUuid }: { file: NonNullable<RoomMessage['file']>; messageUuid?: string }) {
  const { t } = useTranslation();
  const room = useContext(RoomControllerContext);
  const url = safeHttpUrl(file.url);
  const isImage = file.mimeType?.startsWith('image/') && url;
  const viewer = room && messageUuid ? paths.attachmentView(room.api.version, room.api.uuid, messageUuid) : null;
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
        <FileSummary name={file.name} mimeType={file.mimeType} size={file.size} viewer={viewer} />
        {url && (
          <a className={parts.roundAction} href={url} download={file.name} target="_blank" rel="noopener noreferrer" aria-label={t('chat.downloadFile', { name: file.name })} title={t('chat.download')}>
            <DownloadIcon size={20} aria-hidden="true" />
          </a>
        )}
      </span>
    </span>
  );
}

// SPEC §2 attachment-view, native (issue 24): a chat file opened from its message or the room's Files
// panel, at /attachment-view?uuid=<room>&message=<message uuid>&family=v1|v2, so a reload or a link
// reopens it; opening it only reads. Pictures fit the screen, zoom and swipe between the room's pictures
// in the order they were sent ("3 of 12"); a PDF shows in the browser's own viewer (or Open / Download
// where it has none); video and audio in the browser's players; anything else as its icon, name, size
// and Download. A file once opened shows offline from this person's attachment cache (./attachment-cache.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { goBackOr } from '../../../shared/routes/back-or.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { DownloadIcon, ExternalLinkIcon, FileIcon, OfflineIcon } from '../../../shared/ui/icons.tsx';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';
import { toAttachments, type Attachment } from '../api/attachments.ts';
import { useRoomFiles } from '../api/room-lists.ts';
import { FileTypeIcon } from '../room/file-type.tsx';
import { readRoomAttachments, storeRoomAttachments } from './attachment-cache.ts';
import { ImageViewer } from './image-viewer.tsx';
import { useAttachmentFile } from './use-attachment-file.ts';
import styles from './viewer.module.css';

/** Saves a Blob as a file under its name, as a download link would. */
function saveBlob(objectUrl: string, name: string) {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The room's files: the files call's answer (kept for offline), else the list kept from last time. */
function useRoomAttachments(roomUuid: string, userId: number | undefined) {
  const files = useRoomFiles(roomUuid, roomUuid !== '');
  const online = useMemo(() => (files.data ? toAttachments(files.data.files) : undefined), [files.data]);
  const [kept, setKept] = useState<{ room: string; list: Attachment[] | undefined }>();
  useEffect(() => {
    if (!roomUuid || userId === undefined) return;
    let current = true;
    void readRoomAttachments(userId, roomUuid).then((list) => current && setKept({ room: roomUuid, list }));
    return () => {
      current = false;
    };
  }, [roomUuid, userId]);
  useEffect(() => {
    if (online && userId !== undefined) void storeRoomAttachments(userId, roomUuid, online);
  }, [online, roomUuid, userId]);
  const keptList = kept?.room === roomUuid ? kept.list : undefined;
  const keptKnown = kept?.room === roomUuid || userId === undefined;
  return {
    list: online ?? keptList,
    // Waiting: no answer yet, and (online) the call still under way or (offline, paused) the kept list still being read.
    pending: !online && !keptList && (files.isFetching || !keptKnown || (files.isPending && !files.isPaused && !files.isError)),
    failed: !online && !keptList && (files.isError || files.isPaused),
    refetch: () => void files.refetch(),
  };
}

export function AttachmentViewScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roomUuid = params.get('uuid') ?? '';
  const messageUuid = params.get('message') ?? '';
  const family: paths.ChatVersion = params.get('family') === 'v1' ? 'v1' : 'v2';
  const userId = useSession().userData?.user?.id;
  const room = useRoomAttachments(roomUuid, userId);
  const attachment = room.list?.find((item) => item.messageUuid === messageUuid);
  const pictures = useMemo(() => room.list?.filter((item) => item.kind === 'image') ?? [], [room.list]);
  const at = attachment?.kind === 'image' ? pictures.findIndex((item) => item.messageUuid === messageUuid) : -1;

  // A file that is not shown in place is fetched only when the person asks for it (Download).
  const [wanted, setWanted] = useState<string>();
  const { file, retry } = useAttachmentFile(attachment, { roomUuid, userId, fetchIfMissing: attachment?.kind !== 'other' || wanted === messageUuid });
  const saved = useRef<string>(undefined);
  useEffect(() => {
    if (attachment && wanted === attachment.messageUuid && file.status === 'ready' && saved.current !== file.objectUrl) {
      saved.current = file.objectUrl;
      saveBlob(file.objectUrl, attachment.name);
    }
  }, [attachment, wanted, file]);

  const backTo = roomUuid ? paths.chatRoom(family, roomUuid) : paths.chatList(family);
  // Between pictures the address is replaced: Back returns to the room, not through every picture.
  const show = (item: Attachment | undefined) => item && void navigate(paths.attachmentView(family, roomUuid, item.messageUuid), { replace: true });
  const previous = at > 0 ? () => show(pictures[at - 1]) : undefined;
  const next = at >= 0 && at < pictures.length - 1 ? () => show(pictures[at + 1]) : undefined;

  const download = () => {
    if (!attachment) return;
    if (file.status === 'ready') saveBlob(file.objectUrl, attachment.name);
    else setWanted(attachment.messageUuid);
  };
  const downloadAction = attachment && (
    <button type="button" className={headerActionClass} onClick={download} aria-label={t('chat.downloadFile', { name: attachment.name })} title={t('chat.download')}>
      <DownloadIcon size={22} aria-hidden="true" />
    </button>
  );

  let body;
  if (!roomUuid || !messageUuid) body = <EmptyState icon={FileIcon} title={t('chat.viewer.noFile')} />;
  else if (room.pending) body = <Spinner label={t('common.loading')} />;
  else if (room.failed) {
    body = navigator.onLine ? (
      <ErrorState title={t('chat.viewer.loadError')} message={t('errors.default')} onRetry={room.refetch} />
    ) : (
      <EmptyState icon={OfflineIcon} title={t('chat.viewer.offline')} description={t('chat.viewer.offlineHint')} />
    );
  } else if (!attachment) body = <EmptyState icon={FileIcon} title={t('chat.viewer.gone')} />;
  else if (file.status === 'offline') body = <EmptyState icon={OfflineIcon} title={t('chat.viewer.offline')} description={t('chat.viewer.offlineHint')} />;
  else if (file.status === 'error' && attachment.kind !== 'other') body = <ErrorState title={t('chat.viewer.loadError')} message={t('errors.default')} onRetry={retry} />;
  else if (attachment.kind === 'other' || (file.status !== 'ready' && file.status !== 'loading')) body = <FileSummary attachment={attachment} onDownload={download} busy={file.status === 'loading' && wanted === messageUuid} failed={file.status === 'error'} />;
  else if (file.status !== 'ready') body = <Spinner label={t('common.loading')} />;
  else if (attachment.kind === 'image') body = <ImageViewer key={attachment.messageUuid} src={file.objectUrl} alt={attachment.name} onPrevious={previous} onNext={next} />;
  else if (attachment.kind === 'pdf') body = <PdfView attachment={attachment} objectUrl={file.objectUrl} onDownload={download} />;
  else if (attachment.kind === 'video') body = <video className={styles.video} src={file.objectUrl} controls playsInline aria-label={attachment.name} />;
  else {
    body = (
      <div className={styles.summary}>
        <span className={styles.bigIcon}>
          <FileTypeIcon name={attachment.name} mimeType={attachment.mimeType} size={48} />
        </span>
        <p className={styles.name}>{attachment.name}</p>
        <audio className={styles.audio} src={file.objectUrl} controls aria-label={attachment.name} />
      </div>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="attachment-title" data-kind={attachment?.kind}>
      <ScreenHeader title={attachment?.name ?? t('chat.viewer.title')} titleId="attachment-title" back={() => goBackOr(navigate, backTo)} actions={downloadAction} />
      <div className={styles.body}>{body}</div>
      {attachment && (
        <p className={styles.caption}>
          {at >= 0 && pictures.length > 1 && <span data-testid="attachment-position">{t('chat.viewer.position', { index: at + 1, total: pictures.length })}</span>}
          {attachment.from && <span>{attachment.from}</span>}
          {attachment.size !== null && attachment.kind !== 'other' && <span>{formatBytes(attachment.size, i18n.language)}</span>}
        </p>
      )}
    </section>
  );
}

function FileSummary({ attachment, onDownload, busy, failed }: { attachment: Attachment; onDownload(): void; busy: boolean; failed: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.summary}>
      <span className={styles.bigIcon}>
        <FileTypeIcon name={attachment.name} mimeType={attachment.mimeType} size={48} />
      </span>
      <p className={styles.name}>{attachment.name}</p>
      {attachment.size !== null && <p className={styles.size}>{formatBytes(attachment.size, i18n.language)}</p>}
      {failed && (
        <p className={styles.failure} role="alert">
          {t('chat.viewer.downloadError')}
        </p>
      )}
      <Button icon={DownloadIcon} onClick={onDownload} busy={busy} disabled={!attachment.url && !busy}>
        {t('chat.download')}
      </Button>
    </div>
  );
}

function PdfView({ attachment, objectUrl, onDownload }: { attachment: Attachment; objectUrl: string; onDownload(): void }) {
  const { t } = useTranslation();
  // Browsers without an inline PDF viewer (most phones' browsers) say so here; they get Open and Download.
  if (navigator.pdfViewerEnabled === false) {
    return (
      <div className={styles.summary}>
        <span className={styles.bigIcon}>
          <FileTypeIcon name={attachment.name} mimeType={attachment.mimeType} size={48} />
        </span>
        <p className={styles.name}>{attachment.name}</p>
        <p className={styles.size}>{t('chat.viewer.noPdfViewer')}</p>
        <div className={styles.actions}>
          <a className={buttonClass({ variant: 'secondary' })} href={objectUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon size={18} aria-hidden="true" />
            {t('chat.viewer.open')}
          </a>
          <Button icon={DownloadIcon} variant="secondary" onClick={onDownload}>
            {t('chat.download')}
          </Button>
        </div>
      </div>
    );
  }
  return <iframe className={styles.pdf} src={objectUrl} title={attachment.name} data-testid="pdf-frame" />;
}

// The room's files and links (GET /live-chat/chat-room/{uuid}/files and /links): two tabs, each file
// with its size and a download (tapping the file opens it in the attachment viewer), each link as text
// that opens in a new tab; what others wrote shown without bidirectional controls, a link's host in punycode.
import { useContext, useState } from 'react';
import { displayLink, displayText } from '../../../shared/format/display-text.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { DownloadIcon, LinkIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRoomFiles, useRoomLinks } from '../api/room-lists.ts';
import parts from './parts.module.css';
import styles from './room.module.css';
import { FileSummary } from './file-card.tsx';
import { safeHttpUrl } from './message-text.tsx';
import { RoomControllerContext } from './room-controller.ts';

export function FilesAndLinks({ roomUuid, onClose }: { roomUuid: string; onClose(): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'files' | 'links'>('files');
  const files = useRoomFiles(roomUuid, tab === 'files');
  const links = useRoomLinks(roomUuid, tab === 'links');
  const active = tab === 'files' ? files : links;
  const version = useContext(RoomControllerContext)?.api.version ?? 'v2';
  return (
    <Modal title={t('chat.filesAndLinks')} onClose={onClose} closeLabel={t('common.close')}>
      <div role="tablist" className={parts.tabs}>
        {(['files', 'links'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className={tab === name ? parts.tabActive : parts.tab} onClick={() => setTab(name)}>
            {t(`chat.${name}`)}
          </button>
        ))}
      </div>
      {active.isPending ? (
        <Spinner />
      ) : active.isError ? (
        <p className={styles.state} role="alert">
          {t('chat.loadError')}{' '}
          <Button variant="secondary" size="s" icon={RetryIcon} onClick={() => void active.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : tab === 'files' ? (
        files.data?.files?.length ? (
          <ul className={parts.panelList}>
            {files.data.files.map((file) => {
              const url = safeHttpUrl(file.signed_file_url ?? file.file_url);
              const name = displayText(file.file_name);
              return (
                <li key={file.id ?? file.uuid ?? file.message_uuid} className={parts.panelRow}>
                  <FileSummary name={name} mimeType={file.mime_type} size={file.file_size} viewer={file.message_uuid ? paths.attachmentView(version, roomUuid, file.message_uuid) : null} />
                  {url && (
                    <a className={parts.roundAction} href={url} download={name || undefined} target="_blank" rel="noopener noreferrer" aria-label={t('chat.downloadFile', { name })} title={t('chat.download')}>
                      <DownloadIcon size={20} aria-hidden="true" />
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.state}>{t('chat.noFiles')}</p>
        )
      ) : links.data?.links?.length ? (
        <ul className={parts.panelList}>
          {links.data.links.map((link, index) => {
            const shown = link.url ? displayLink(link.url) : null;
            return (
              <li key={`${link.url}-${index}`} className={parts.panelRow}>
                <span className={parts.fileIcon}>
                  <LinkIcon size={20} aria-hidden="true" />
                </span>
                {shown ? (
                  <a href={shown.href} target="_blank" rel="noopener noreferrer" dir="ltr">
                    {shown.text}
                  </a>
                ) : (
                  displayText(link.url)
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.state}>{t('chat.noLinks')}</p>
      )}
    </Modal>
  );
}

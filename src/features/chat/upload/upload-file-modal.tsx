// The Upload File modal (SPEC §2, §4, §8): a file picker, an optional message ("Message... (Optional)"),
// an "Upload File" button that is disabled with a spinner while uploading, a close button and a home
// icon going to /home. Success closes with success true and the returned message; a failure shows
// the catalogue's alert and keeps the modal open with its choices; closing without uploading returns
// success false. Beyond the spec: a styled picker (file-picker.tsx: a drop zone on a desktop, the chosen
// files listed with their sizes and a remove button each), a progress bar per file and overall, Cancel,
// a file above the upload limit (VITE_UPLOAD_MAX_BYTES) refused as it is picked, before anything is
// stored or sent, and a clear message when the server refuses a file as too large (413).
//
// The files go through the room's outbox like every message: stored (their bytes too) before any
// network call, shown in the room's list with their progress, sent in turn. The modal waits on its
// entry (sendAttended), so a failure comes back here as the spec says. Offline, the files are stored
// and the modal closes: they go by themselves when the network returns, even after a reload.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { filesOverLimit, uploadLimit } from './upload-limit.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { HomeIcon } from '../../../shared/ui/icons.tsx';
import type { UploadProgress } from '../../../api/upload.ts';
import * as paths from '../../../shared/routes/paths.ts';
import type { RoomMessage } from '../api/message-model.ts';
import type { OutgoingMessage } from '../api/room-api.ts';
import partStyles from '../room/parts.module.css';
import styles from '../room/room.module.css';
import { useRoomController } from '../room/room-controller.ts';
import { FilePicker } from './file-picker.tsx';

/**
 * success: the server has the files (`message` is the first file's message; none when the answer left
 * the messages out: they show from their live events). queued: offline, stored to go by themselves.
 */
export type UploadResult =
  | { success: true; message: RoomMessage | undefined; messages: RoomMessage[] }
  | { success: false; queued?: true };

export interface UploadFileModalProps {
  onClose(result: UploadResult): void;
}

/** How far each file is, from the bytes sent so far (files go out in order in one request). */
function perFile(files: readonly File[], progress: UploadProgress | null): number[] {
  if (!progress) return files.map(() => 0);
  const ratio = progress.total > 0 ? progress.loaded / progress.total : 0;
  const sizes = files.map((file) => file.size);
  const all = sizes.reduce((sum, size) => sum + size, 0) || 1;
  let sent = ratio * all;
  return sizes.map((size) => {
    const part = size === 0 ? (sent >= 0 ? 1 : 0) : Math.max(0, Math.min(1, sent / size));
    sent -= size;
    return part;
  });
}

/** One file chosen twice (picked again, or dropped after being picked) is listed once. */
const sameFile = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

const outgoing = (files: readonly File[], text: string): OutgoingMessage => ({
  kind: 'file',
  text,
  files: files.map((file) => ({ name: file.name, type: file.type, size: file.size, blob: file })),
});

export function UploadFileModal({ onClose }: UploadFileModalProps) {
  const { t, i18n } = useTranslation();
  const { api, outbox } = useRoomController();
  const navigate = useNavigate();
  const fail = useFailureHandler('upload');
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  // The modal going away (the room left) stops the waiting, not the upload: the outbox keeps sending it,
  // and the room's list shows how it went. Created by the mount's effect, so each mount has its own:
  // React's StrictMode (npm start) mounts, unmounts and mounts again, and one controller made with the
  // state would stay aborted by that first unmount, the modal never closing after a successful upload.
  const gone = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    gone.current = controller;
    return () => controller.abort();
  }, []);

  // A choice (picked or dropped) adds to the files chosen where several go in one upload (v2), and
  // replaces the file where one goes at a time (v1). Nothing of a choice that breaks a limit is kept:
  // the person chooses again.
  const choose = (picked: File[]) => {
    const over = filesOverLimit(picked);
    if (over.length > 0) {
      setRefusal(t('chat.upload.fileTooLarge', { name: over.map((file) => displayText(file.name)).join(', '), limit: formatBytes(uploadLimit(), i18n.language) }));
      return;
    }
    if (!api.severalFiles && picked.length > 1) {
      setRefusal(t('chat.upload.oneFileOnly'));
      return;
    }
    setRefusal(null);
    if (!api.severalFiles) {
      setFiles(picked);
      return;
    }
    const known = new Set(files.map(sameFile));
    setFiles([...files, ...picked.filter((file) => !known.has(sameFile(file)))]);
  };

  const close = () => {
    cancel.current?.abort();
    onClose({ success: false });
  };

  const upload = async () => {
    if (files.length === 0 || uploading || filesOverLimit(files).length > 0) return;
    if (!navigator.onLine) {
      // Nothing to wait for: stored now, sent when the network returns (the room's list shows it waiting).
      try {
        await (await outbox).enqueue(api, outgoing(files, message));
        onClose({ success: false, queued: true });
      } catch (error) {
        await fail(error);
      }
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    const detach = gone.current?.signal;
    setUploading(true);
    setProgress({ loaded: 0, total: 1 });
    try {
      const messages = await (await outbox).sendAttended(api, outgoing(files, message), { onProgress: setProgress, signal: controller.signal, detach });
      onClose({ success: true, message: messages[0], messages });
    } catch (error) {
      if (controller.signal.aborted || detach?.aborted) return;
      await fail(error);
    } finally {
      cancel.current = null;
      setUploading(false);
      setProgress(null);
    }
  };

  const parts = perFile(files, progress);
  const overall = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <Modal
      title={t('chat.upload.title')}
      onClose={close}
      closeLabel={t('common.close')}
      headerActions={
        <IconButton
          icon={HomeIcon}
          label={t('tabs.home')}
          onClick={() => {
            close();
            navigate(paths.home);
          }}
        />
      }
    >
      {/* Files let go beside the drop zone are chosen too: the browser would otherwise open them in place of the app. */}
      <div
        className={partStyles.uploadForm}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) event.preventDefault();
        }}
        onDrop={(event) => {
          if (event.defaultPrevented || !event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          if (!uploading && event.dataTransfer.files.length > 0) choose([...event.dataTransfer.files]);
        }}
      >
        <FilePicker
          files={files}
          several={api.severalFiles}
          limit={uploadLimit()}
          disabled={uploading}
          refusal={refusal}
          progress={uploading ? parts : null}
          onChoose={choose}
          onRemove={(index) => setFiles(files.filter((_, at) => at !== index))}
        />
        <textarea
          className={partStyles.uploadMessage}
          rows={3}
          value={message}
          disabled={uploading}
          onChange={(event) => setMessage(event.target.value)}
          placeholder={t('chat.upload.messagePlaceholder')}
          aria-label={t('chat.upload.messagePlaceholder')}
        />
        {uploading && (
          <div className={styles.uploadProgress}>
            <progress max={100} value={overall} aria-label={t('chat.upload.progress')} data-testid="upload-progress" />
            <span>{overall}%</span>
          </div>
        )}
        <div className={partStyles.uploadButtons}>
          {uploading && (
            <Button variant="secondary" onClick={() => cancel.current?.abort()}>
              {t('chat.upload.cancel')}
            </Button>
          )}
          <Button busy={uploading} disabled={files.length === 0} onClick={() => void upload()}>
            {t('chat.upload.submit')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

// The Upload File modal's file picker (SPEC §2 "file picker"; issue 37: no more of the browser's raw
// "Choose Files" control). On a desktop a drop zone: files dragged over it are marked as they would land,
// dropped they are chosen, and its button browses; on a phone the button alone. The real
// <input type="file"> stays in the page, visually hidden but focusable: it is what the button is the
// label of, so a keyboard (Tab, then Enter or Space) and a screen reader ("Choose a file, button") use
// the platform's own control. Below, the chosen files with their names (file-name.tsx), sizes and a
// remove button each, and the limits: the size (VITE_UPLOAD_MAX_BYTES) and, where the room takes one
// file at a time (v1), the count. What breaks a limit is refused by the modal with its message.
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { buttonClass, IconButton } from '../../../shared/ui/button.tsx';
import { CloseIcon, UploadIcon } from '../../../shared/ui/icons.tsx';
import ui from '../../../shared/ui/ui.module.css';
import { displayText } from '../../../shared/format/display-text.ts';
import { FileName } from '../room/file-name.tsx';
import { FileTypeIcon } from '../room/file-type.tsx';
import styles from './file-picker.module.css';

export interface FilePickerProps {
  files: readonly File[];
  /** Several files in one upload (v2), or one at a time (v1). */
  several: boolean;
  /** The largest file allowed, in bytes. */
  limit: number;
  disabled: boolean;
  /** What was refused of the last choice, said under the picker (and by screen readers, as an alert). */
  refusal: string | null;
  /** How far each chosen file is, 0 to 1, while uploading. */
  progress: readonly number[] | null;
  onChoose(files: File[]): void;
  onRemove(index: number): void;
}

/** Whether a drag carries files (not a link or text dragged from the page). */
const carriesFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');

export function FilePicker({ files, several, limit, disabled, refusal, progress, onChoose, onRemove }: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const refusalId = useId();
  // Entering a child of the zone leaves the zone itself first: counted, so the mark stays until the drag really leaves.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const size = formatBytes(limit, i18n.language);

  const drag = {
    onDragEnter: (event: DragEvent) => {
      if (disabled || !carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (disabled || !carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      depth.current = 0;
      setDragging(false);
      if (disabled) return;
      event.preventDefault();
      const dropped = [...(event.dataTransfer?.files ?? [])];
      if (dropped.length > 0) onChoose(dropped);
    },
  };

  return (
    <div className={styles.picker}>
      <div className={styles.zone} data-dragging={dragging ? '' : undefined} data-testid="drop-zone" {...drag}>
        <UploadIcon size={28} aria-hidden="true" className={styles.zoneIcon} />
        <p className={styles.dropText} aria-hidden="true">
          {dragging ? t('chat.upload.dropNow') : t(several ? 'chat.upload.dropHint' : 'chat.upload.dropHintOne')}
        </p>
        <input
          id={inputId}
          className={`${ui.visuallyHidden} ${styles.input}`}
          type="file"
          multiple={several}
          disabled={disabled}
          aria-describedby={[hintId, refusal ? refusalId : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            // Emptied, so choosing the same file again (after removing it) is a change too.
            event.target.value = '';
            if (picked.length > 0) onChoose(picked);
          }}
        />
        <label htmlFor={inputId} className={`${buttonClass({ variant: 'secondary' })} ${styles.browse}`} data-disabled={disabled ? '' : undefined}>
          {t('chat.upload.chooseFile')}
        </label>
        <p id={hintId} className={styles.hint}>
          {several ? t('chat.upload.limit', { limit: size }) : t('chat.upload.limitOne', { limit: size })}
        </p>
      </div>
      {refusal && (
        <p id={refusalId} className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      {files.length > 0 && (
        <ul className={styles.files} aria-label={t('chat.upload.chosen')}>
          {files.map((file, index) => {
            const name = displayText(file.name);
            return (
              <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className={styles.file}>
                <span className={styles.fileRow}>
                  <span className={styles.fileIcon}>
                    <FileTypeIcon name={file.name} mimeType={file.type} size={20} />
                  </span>
                  <span className={styles.fileInfo}>
                    <FileName name={name} />
                    <span className={styles.fileSize}>{formatBytes(file.size, i18n.language)}</span>
                  </span>
                  <IconButton icon={CloseIcon} size="s" label={t('chat.upload.remove', { name })} disabled={disabled} onClick={() => onRemove(index)} />
                </span>
                {progress && <progress max={100} value={Math.round((progress[index] ?? 0) * 100)} aria-label={name} />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// Editing a group (admins): name, description and a new photo with its preview. Only what changed is
// sent (multipart, `_method` PATCH); a blank name is refused as at creation (SPEC §5); a photo above the
// upload limit (VITE_UPLOAD_MAX_BYTES) is refused as it is picked; a failed save keeps everything typed
// and chosen.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { filesOverLimit, uploadLimit } from '../upload/upload-limit.ts';
import { formatBytes } from '../../../shared/format/formatters.ts';
import { showAlert } from '../../../shared/ui/alert-host.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useEditGroup, type GroupDetail, type GroupEdit } from '../api/groups.ts';
import { roomTitle } from '../api/message-model.ts';
import { NamedPhoto } from './detail-summary.tsx';
import styles from './detail.module.css';

interface ChosenPhoto {
  file: File;
  /** A local address for the preview, released when another is chosen or the form goes. */
  url: string;
}

function usePhotoChoice() {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const latest = useRef<ChosenPhoto | null>(null);
  useEffect(() => () => void (latest.current && URL.revokeObjectURL(latest.current.url)), []);
  const choose = (file: File | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    latest.current = file ? { file, url: URL.createObjectURL(file) } : null;
    setPhoto(latest.current);
  };
  return [photo, choose] as const;
}

export function EditGroupForm({ detail, roomUuid, onDone }: { detail: GroupDetail; roomUuid: string; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const photoErrorId = useId();
  const showFailure = useFailureHandler();
  const edit = useEditGroup(roomUuid, detail.chat_room.id);
  const originalName = roomTitle(detail.chat_room);
  const originalDescription = detail.description ?? detail.chat_room.description ?? '';
  const [name, setName] = useState(originalName);
  const [description, setDescription] = useState(originalDescription);
  const [photo, choosePhoto] = usePhotoChoice();
  const [photoTooLarge, setPhotoTooLarge] = useState(false);

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const tooLarge = file !== null && filesOverLimit([file]).length > 0;
    setPhotoTooLarge(tooLarge);
    if (tooLarge) event.target.value = '';
    choosePhoto(tooLarge ? null : file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      await showAlert({ headerKey: 'errors.alertHeader', message: { key: 'chat.start.nameRequired' } });
      return;
    }
    const changes: GroupEdit = {
      ...(trimmed !== originalName ? { name: trimmed } : {}),
      ...(description !== originalDescription ? { description } : {}),
      ...(photo ? { avatar: photo.file } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone();
    await edit.mutateAsync(changes).then(onDone, showFailure);
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('chat.detail.editGroup')}
      </h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.summary}>
          {photo ? <img className={styles.photoPreview} src={photo.url} alt={t('chat.detail.photoPreview')} /> : <NamedPhoto src={detail.avatar_url} name={originalName} />}
        </div>
        <label className={styles.label}>
          {t('chat.detail.photo')}
          <input className={styles.field} type="file" accept="image/*" onChange={pickPhoto} aria-describedby={photoTooLarge ? photoErrorId : undefined} />
        </label>
        {photoTooLarge && (
          <p id={photoErrorId} className={styles.error} role="alert">
            {t('chat.detail.photoTooLarge', { limit: formatBytes(uploadLimit(), i18n.language) })}
          </p>
        )}
        <label className={styles.label}>
          {t('chat.start.groupName')}
          <input className={styles.field} value={name} onChange={(event) => setName(event.target.value)} maxLength={255} />
        </label>
        <label className={styles.label}>
          {t('chat.detail.description')}
          <textarea className={styles.field} value={description} onChange={(event) => setDescription(event.target.value)} rows={3} />
        </label>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onDone} disabled={edit.isPending}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" busy={edit.isPending}>
            {t('chat.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

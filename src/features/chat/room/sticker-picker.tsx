// The sticker picker: the stickers the server offers, as buttons named after them; choosing one sends it.
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RetryIcon } from '../../../shared/ui/icons.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useStickers, type SendableSticker } from '../api/stickers.ts';
import parts from './parts.module.css';
import styles from './room.module.css';
import { safeHttpUrl } from './message-text.tsx';

export function StickerPicker({ onPick, onClose }: { onPick(sticker: SendableSticker): void; onClose(): void }) {
  const { t } = useTranslation();
  const stickers = useStickers(true);
  return (
    <Modal title={t('chat.stickers')} onClose={onClose} closeLabel={t('common.close')}>
      {stickers.isPending ? (
        <Spinner />
      ) : stickers.isError ? (
        <p className={styles.state} role="alert">
          {t('chat.stickersError')}{' '}
          <Button variant="secondary" size="s" icon={RetryIcon} onClick={() => void stickers.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : stickers.data.length === 0 ? (
        <p className={styles.state}>{t('chat.noStickers')}</p>
      ) : (
        <ul className={parts.stickerGrid}>
          {stickers.data.map((sticker) => {
            const image = safeHttpUrl(sticker.image_url);
            const name = sticker.name ?? t('chat.sticker');
            return (
              <li key={sticker.id}>
                <button type="button" className={parts.stickerButton} onClick={() => onPick(sticker)} aria-label={name}>
                  {image ? <img src={image} alt="" width={72} height={72} loading="lazy" /> : name}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

// The room's pinned bar (the newest pinned message, a tap jumps to it; the count opens the list), and
// the shape of a room or message action. The sheets that list actions and pinned messages are in
// room-sheets.tsx, loaded after the room's first content.
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { PinIcon } from '../../../shared/ui/icons.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './room.module.css';

export interface Action {
  key: string;
  label: string;
  run(): void;
  danger?: boolean;
  /** The sheet stays open (it turns into another view: forwarding a message). */
  keepOpen?: boolean;
}

export function PinnedBar({ pinned, onJump, onOpenList }: { pinned: readonly RoomMessage[]; onJump(uuid: string): void; onOpenList(): void }) {
  const { t } = useTranslation();
  const latest = pinned[0];
  if (!latest) return null;
  return (
    <div className={styles.pinnedBar} data-testid="pinned-bar">
      <span className={styles.pinnedIcon}>
        <PinIcon size={18} aria-hidden="true" />
      </span>
      <button type="button" className={styles.pinnedJump} onClick={() => onJump(latest.uuid)}>
        <span className={styles.pinnedLabel}>{t('chat.pinnedMessage')}</span>
        <span className={styles.pinnedText}>{latest.text || latest.file?.name || t('chat.pinnedMessage')}</span>
      </button>
      <button type="button" className={styles.pinnedCount} onClick={onOpenList}>
        {t('chat.pinnedCount', { count: pinned.length })}
      </button>
    </div>
  );
}

// The room's secondary views: the actions of one message (pin or unpin, edit, delete), the room menu
// (mute, files and links, delete chat, leave group), and the pinned messages (the files and links tabs
// are in files-and-links.tsx, loaded on a tap).
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal.tsx';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './room.module.css';

export interface Action {
  key: string;
  label: string;
  run(): void;
  danger?: boolean;
}

export function ActionSheet({ title, actions, onClose }: { title: string; actions: readonly Action[]; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('common.close')}>
      <ul className={styles.actionList}>
        {actions.map((action) => (
          <li key={action.key}>
            <button
              type="button"
              className={action.danger ? `${styles.actionButton} ${styles.danger}` : styles.actionButton}
              onClick={() => {
                onClose();
                action.run();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export function PinnedBar({ pinned, onJump, onOpenList }: { pinned: readonly RoomMessage[]; onJump(uuid: string): void; onOpenList(): void }) {
  const { t } = useTranslation();
  const latest = pinned[0];
  if (!latest) return null;
  return (
    <div className={styles.pinnedBar} data-testid="pinned-bar">
      <button type="button" className={styles.pinnedJump} onClick={() => onJump(latest.uuid)}>
        📌 <span className={styles.pinnedText}>{latest.text || latest.file?.name || t('chat.pinnedMessage')}</span>
      </button>
      <button type="button" className={styles.linkButton} onClick={onOpenList}>
        {t('chat.pinnedCount', { count: pinned.length })}
      </button>
    </div>
  );
}

export function PinnedList({ pinned, onJump, onUnpin, onClose }: { pinned: readonly RoomMessage[]; onJump(uuid: string): void; onUnpin(uuid: string): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('chat.pinnedMessages')} onClose={onClose} closeLabel={t('common.close')}>
      <ul className={styles.panelList}>
        {pinned.map((message) => (
          <li key={message.uuid} className={styles.panelRow}>
            <button type="button" className={styles.pinnedJump} onClick={() => { onClose(); onJump(message.uuid); }}>
              <span className={styles.sender}>{message.senderName}</span> {message.text || message.file?.name}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => onUnpin(message.uuid)}>
              {t('chat.unpin')}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

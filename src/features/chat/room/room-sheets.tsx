// The room's sheets that open on a tap: the actions of one message (its reactions, reply, forward, pin or
// unpin, edit, delete) and the pinned messages (each jumps to its message, or is unpinned). Loaded after
// the room's first content.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { UnpinIcon } from '../../../shared/ui/icons.tsx';
import { myReaction } from '../api/message-extras.ts';
import type { ReactionType, RoomMessage } from '../api/message-model.ts';
import { ReactionPicker } from './message-extras.tsx';
import type { Action } from './room-panels.tsx';
import parts from './parts.module.css';
import styles from './room.module.css';

export interface ActionSheetProps {
  title: string;
  actions: readonly Action[];
  onClose(): void;
  /** A message's reactions (issue 24): the picker over the actions; a pick closes the sheet. */
  react?: (reaction: ReactionType) => void;
  message?: RoomMessage;
}

export function ActionSheet({ title, actions, onClose, react, message }: ActionSheetProps) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('common.close')}>
      {react && message && (
        <ReactionPicker
          mine={myReaction(message)}
          onPick={(reaction) => {
            onClose();
            react(reaction);
          }}
        />
      )}
      <ul className={parts.actionList}>
        {actions.map((action) => (
          <li key={action.key}>
            <button
              type="button"
              className={action.danger ? `${parts.actionButton} ${parts.danger}` : parts.actionButton}
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

export function PinnedList({ pinned, onJump, onUnpin, onClose }: { pinned: readonly RoomMessage[]; onJump(uuid: string): void; onUnpin(uuid: string): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('chat.pinnedMessages')} onClose={onClose} closeLabel={t('common.close')}>
      <ul className={parts.panelList}>
        {pinned.map((message) => (
          <li key={message.uuid} className={parts.panelRow}>
            <button
              type="button"
              className={parts.pinnedListJump}
              onClick={() => {
                onClose();
                onJump(message.uuid);
              }}
            >
              <span className={styles.sender}>{message.senderName}</span>
              <span className={parts.pinnedListText}>{message.text || message.file?.name}</span>
            </button>
            <Button variant="ghost" size="s" icon={UnpinIcon} onClick={() => onUnpin(message.uuid)}>
              {t('chat.unpin')}
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

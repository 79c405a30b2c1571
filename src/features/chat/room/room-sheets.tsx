// The room's sheets that open on a tap: the actions of one message (its reactions, reply, forward, copy,
// pin or unpin, edit, delete) and the pinned messages (each jumps to its message, or is unpinned). Loaded after
// the room's first content.
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { UnpinIcon } from '../../../shared/ui/icons.tsx';
import { myReaction } from '../api/message-extras.ts';
import type { ReactionType, RoomMessage } from '../api/message-model.ts';
import { ForwardSheet } from './forward-sheet.tsx';
import { ReactionPicker } from './message-extras.tsx';
import { MessageReaders } from './message-readers.tsx';
import type { Action } from './room-panels.tsx';
import { useRoomController } from './room-controller.ts';
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
                if (!action.keepOpen) onClose();
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

/** What can be answered, reacted to and forwarded (issue 24): a member's text, file or sticker; a poll answered and reacted to. */
const FORWARDABLE = new Set(['text', 'file', 'sticker']);

/**
 * One message's sheet: its actions (reactions, reply, forward, copy, pin or unpin, edit, delete), which
 * can turn into the forward sheet; or who has read it (the receipt's tap). Each action is the room
 * controller's. All of it loads after the room's first content, so the room's start carries none of it.
 */
export function MessageSheet({ message, view: opened, onClose }: { message: RoomMessage; view: 'actions' | 'readers'; onClose(): void }) {
  const { t } = useTranslation();
  const room = useRoomController();
  const [view, setView] = useState<'actions' | 'readers' | 'forward'>(opened);
  if (view === 'forward') return <ForwardSheet message={message} onClose={onClose} />;
  if (view === 'readers') return <MessageReaders message={message} onClose={onClose} />;
  const pinnedNow = Boolean(message.pinnedAt);
  const answerable = FORWARDABLE.has(message.kind) || Boolean(message.poll);
  const actions: Action[] = [];
  if (answerable) actions.push({ key: 'reply', label: t('chat.extras.reply'), run: () => room.startReply(message) });
  // Forward keeps the sheet open: it turns into the forward sheet.
  if (FORWARDABLE.has(message.kind)) actions.push({ key: 'forward', label: t('chat.extras.forward'), run: () => setView('forward'), keepOpen: true });
  if (message.text) actions.push({ key: 'copy', label: t('chat.copyText'), run: () => void room.run('copyText', message) });
  actions.push({ key: pinnedNow ? 'unpin' : 'pin', label: t(pinnedNow ? 'chat.unpin' : 'chat.pin'), run: () => void room.run('pin', message.uuid, !pinnedNow) });
  // v2 edits one's own texts (update-message); v1 has no edit.
  if (message.own && message.kind === 'text' && room.api.edit) actions.push({ key: 'edit', label: t('chat.edit'), run: () => room.startEdit(message) });
  if (message.own) actions.push({ key: 'delete', label: t('chat.deleteMessage'), danger: true, run: () => void room.run('remove', message.uuid) });
  return (
    <ActionSheet
      title={t('chat.messageActions')}
      actions={actions}
      onClose={onClose}
      react={answerable && !message.pending && !message.deleted ? (reaction) => void room.run('react', message, reaction) : undefined}
      message={message}
    />
  );
}

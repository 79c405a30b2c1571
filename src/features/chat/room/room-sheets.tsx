// The room's sheets that open on a tap: the actions of one message (its reactions, reply, forward, copy,
// pin or unpin, edit, delete) and the pinned messages (each jumps to its message, or is unpinned). Loaded after
// the room's first content.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { UnpinIcon } from '../../../shared/ui/icons.tsx';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog.ts';
import { myReaction } from '../api/message-extras.ts';
import type { ReactionType, RoomMessage } from '../api/message-model.ts';
import { ForwardSheet } from './forward-sheet.tsx';
import { ReactionPicker } from './message-extras.tsx';
import { MessageReaders } from './message-readers.tsx';
import type { Action } from './room-panels.tsx';
import { useRoomController, type PointerAt } from './room-controller.ts';
import parts from './parts.module.css';
import styles from './room.module.css';

export interface ActionSheetProps {
  title: string;
  actions: readonly Action[];
  onClose(): void;
  /** A message's reactions (issue 24): the picker over the actions; a pick closes the sheet. */
  react?: (reaction: ReactionType) => void;
  message?: RoomMessage;
  /** A right-click's point: the same actions as a menu there instead of a sheet (issue 37). */
  at?: PointerAt | undefined;
}

const EDGE = 8;

/**
 * The actions as a menu at the pointer (a right-click on a message): a modal dialog like the sheet (the
 * room behind inert, Escape or a click outside closes it, the focus goes back to the message), placed at
 * the point and kept inside the window.
 */
function PointerMenu({ title, at, onClose, children }: { title: string; at: PointerAt; onClose(): void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const handlers = useModalDialog(dialog, { onDismiss: onClose });
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const right = (document.documentElement.clientWidth || window.innerWidth) - EDGE;
    const bottom = window.innerHeight - EDGE;
    element.style.left = `${Math.max(EDGE, Math.min(at.x, right - width))}px`;
    element.style.top = `${Math.max(EDGE, at.y + height > bottom ? at.y - height : at.y)}px`;
  }, [at]);
  return (
    <dialog ref={dialog} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={parts.pointerMenu} data-testid="message-menu" {...handlers}>
      <h2 id={titleId} className={styles.visuallyHidden}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

export function ActionSheet({ title, actions, onClose, react, message, at }: ActionSheetProps) {
  const { t } = useTranslation();
  const body = (
    <>
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
    </>
  );
  if (at) {
    return (
      <PointerMenu title={title} at={at} onClose={onClose}>
        {body}
      </PointerMenu>
    );
  }
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('common.close')}>
      {body}
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
export function MessageSheet({ message, view: opened, at, onClose }: { message: RoomMessage; view: 'actions' | 'readers'; at?: PointerAt | undefined; onClose(): void }) {
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
      at={at}
    />
  );
}

// A message's quick actions (issue 37), beside it while the mouse is over it or the keyboard's focus is in
// it: Like (pressed when it is one's reaction), Reply, and More, which opens every action (the message's
// sheet). Its code loads on the first hover or focus (room-parts.ts); the sheet has every action too.
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { MoreHorizontalIcon, ReactionLikeIcon, ReplyIcon } from '../../../shared/ui/icons.tsx';
import { myReaction } from '../api/message-extras.ts';
import type { RoomMessage } from '../api/message-model.ts';
import { useRoomController } from './room-controller.ts';
import styles from './message-toolbar.module.css';

/** What can be answered and reacted to (as the sheet: a text, a file, a sticker or a poll). */
const answerable = (message: RoomMessage) => ['text', 'file', 'sticker'].includes(message.kind) || Boolean(message.poll);

export function MessageToolbar({ message }: { message: RoomMessage }) {
  const { t } = useTranslation();
  const room = useRoomController();
  const quick = answerable(message);
  const liked = myReaction(message) === 'like';
  const more = (event: MouseEvent<HTMLButtonElement>) => {
    // The sheet gives the focus back to what had it: the message, which stays when the toolbar goes.
    event.currentTarget.closest<HTMLElement>('[data-testid="message"]')?.focus();
    room.openActions(message);
  };
  return (
    <div role="group" aria-label={t('chat.quickActions')} className={`${styles.toolbar} ${message.own ? styles.own : ''}`} data-testid="message-toolbar">
      {quick && <IconButton icon={ReactionLikeIcon} size="s" label={t('chat.extras.reaction.like')} pressed={liked} className={styles.action} onClick={() => void room.run('react', message, 'like')} />}
      {quick && <IconButton icon={ReplyIcon} size="s" label={t('chat.extras.reply')} className={styles.action} onClick={() => room.startReply(message)} />}
      <IconButton icon={MoreHorizontalIcon} size="s" label={t('chat.moreActions')} className={styles.action} onClick={more} />
    </div>
  );
}

// The parts of a message that replies, forwards, reactions and read receipts add (issue 24): the
// "Forwarded" mark, the quote of the answered message (a tap jumps to it), the reaction counts (a tap
// adds or takes away one's own), "Seen" under one's own newest message (in a group "Seen by 3 of 40",
// a tap lists who), the reply bar over the composer and the reaction picker of the message actions.
// Loaded with the room's other message parts (room-parts.ts), never with its start.
import { useContext } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import {
  CheckCheckIcon,
  CheckIcon,
  CloseIcon,
  ForwardIcon,
  ReactionCelebrateIcon,
  ReactionLaughIcon,
  ReactionLikeIcon,
  ReactionLoveIcon,
  ReactionSadIcon,
  ReactionThanksIcon,
  ReplyIcon,
  type IconComponent,
} from '../../../shared/ui/icons.tsx';
import { REACTION_TYPES } from '../api/message-extras.ts';
import type { ReactionType, ReadReceipt, ReplyPreview, RoomMessage } from '../api/message-model.ts';
import { RoomControllerContext } from './room-controller.ts';
import styles from './message-extras.module.css';

export const REACTION_ICONS: Record<ReactionType, IconComponent> = {
  like: ReactionLikeIcon,
  love: ReactionLoveIcon,
  laugh: ReactionLaughIcon,
  celebrate: ReactionCelebrateIcon,
  thanks: ReactionThanksIcon,
  sad: ReactionSadIcon,
};

export function ForwardedMark() {
  const { t } = useTranslation();
  return (
    <span className={styles.forwarded} data-testid="message-forwarded">
      <ForwardIcon size={12} aria-hidden="true" />
      {t('chat.extras.forwarded')}
    </span>
  );
}

/** What the quote says: the sender and an excerpt, or that the message is gone. */
function QuoteText({ reply }: { reply: ReplyPreview }) {
  const { t } = useTranslation();
  if (reply.deleted) return <span className={styles.quoteText}>{t('chat.extras.quotedDeleted')}</span>;
  return (
    <>
      <span className={styles.quoteSender}>{reply.senderName ?? t('chat.untitled')}</span>
      <span className={styles.quoteText}>{reply.text ?? t(reply.kind === 'sticker' ? 'chat.sticker' : 'chat.extras.quotedMessage')}</span>
    </>
  );
}

/** The answered message, above the answer: a tap scrolls to it (loading its page when it is older). */
export function ReplyQuote({ reply }: { reply: ReplyPreview }) {
  const { t } = useTranslation();
  const actions = useContext(RoomControllerContext);
  return (
    <button
      type="button"
      className={styles.quote}
      data-testid="reply-quote"
      disabled={reply.deleted || !actions}
      onClick={() => void actions?.jumpTo(reply.uuid)}
      aria-label={reply.deleted ? t('chat.extras.quotedDeleted') : t('chat.extras.jumpToQuoted', { name: reply.senderName ?? '' })}
    >
      <QuoteText reply={reply} />
    </button>
  );
}

/** The reactions under a message, each with its count; one's own is pressed, and a tap takes it away or changes it. */
export function ReactionBar({ message }: { message: RoomMessage }) {
  const { t } = useTranslation();
  const actions = useContext(RoomControllerContext);
  const reactions = message.reactions ?? [];
  if (reactions.length === 0) return null;
  return (
    <span className={styles.reactions} data-testid="message-reactions">
      {reactions.map((entry) => {
        const Icon = REACTION_ICONS[entry.reaction];
        const label = t('chat.extras.reactionCount', { count: entry.count, reaction: t(`chat.extras.reaction.${entry.reaction}`) });
        return (
          <button
            key={entry.reaction}
            type="button"
            className={styles.reaction}
            aria-pressed={entry.mine}
            aria-label={label}
            title={label}
            data-reaction={entry.reaction}
            disabled={!actions || Boolean(message.pending)}
            onClick={() => void actions?.run('react', message, entry.reaction)}
          >
            <Icon size={14} aria-hidden="true" />
            <span>{entry.count}</span>
          </button>
        );
      })}
    </span>
  );
}

/** Under one's own newest message: Sent, or Seen; in a group, Seen by n of m, which lists who. */
export function ReadReceiptMark({ message, receipt, isGroup }: { message: RoomMessage; receipt: ReadReceipt; isGroup: boolean }) {
  const { t } = useTranslation();
  const actions = useContext(RoomControllerContext);
  if (receipt.read === 0 || receipt.of === 0) {
    return (
      <span className={styles.receipt} data-testid="read-receipt" data-read="0">
        <CheckIcon size={14} aria-hidden="true" />
        {t('chat.extras.sent')}
      </span>
    );
  }
  if (!isGroup) {
    return (
      <span className={`${styles.receipt} ${styles.seen}`} data-testid="read-receipt" data-read={receipt.read}>
        <CheckCheckIcon size={14} aria-hidden="true" />
        {t('chat.extras.seen')}
      </span>
    );
  }
  const all = receipt.read >= receipt.of;
  return (
    <button type="button" className={`${styles.receipt} ${styles.receiptButton} ${all ? styles.seen : ''}`} data-testid="read-receipt" data-read={receipt.read} onClick={() => actions?.showReaders(message)}>
      <CheckCheckIcon size={14} aria-hidden="true" />
      {all ? t('chat.extras.seenByAll') : t('chat.extras.seenBy', { count: receipt.read, total: receipt.of })}
    </button>
  );
}

/** Over the composer while answering a message: what is answered, and a way not to. */
export function ReplyBar({ reply, onCancel }: { reply: ReplyPreview; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.replyBar} data-testid="reply-bar">
      <ReplyIcon size={18} aria-hidden="true" className={styles.replyBarIcon} />
      <span className={styles.replyBarQuote}>
        <span className={styles.quoteSender}>{t('chat.extras.replyingTo', { name: reply.senderName ?? '' })}</span>
        <span className={styles.quoteText}>{reply.text ?? t('chat.extras.quotedMessage')}</span>
      </span>
      <button type="button" className={styles.replyBarClose} onClick={onCancel} aria-label={t('chat.extras.cancelReply')} title={t('chat.extras.cancelReply')}>
        <CloseIcon size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/** The six reactions, one's own pressed: a tap sets it, or takes it away. */
export function ReactionPicker({ mine, onPick }: { mine: ReactionType | null; onPick(reaction: ReactionType): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.picker} role="group" aria-label={t('chat.extras.react')}>
      {REACTION_TYPES.map((reaction) => {
        const Icon = REACTION_ICONS[reaction];
        const label = t(`chat.extras.reaction.${reaction}`);
        return (
          <button key={reaction} type="button" className={styles.pickerButton} aria-pressed={mine === reaction} aria-label={label} title={label} onClick={() => onPick(reaction)}>
            <Icon size={24} aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}

export type MessageExtraProps =
  | { part: 'forwarded' }
  | { part: 'quote'; reply: ReplyPreview }
  | { part: 'reactions'; message: RoomMessage }
  | { part: 'receipt'; message: RoomMessage; receipt: ReadReceipt; isGroup: boolean }
  | { part: 'replyBar'; reply: ReplyPreview; onCancel(): void };

/** One entry for the room's start to load all of these by (room-parts.ts): one lazy component, not five. */
export function MessageExtra(props: MessageExtraProps) {
  switch (props.part) {
    case 'forwarded':
      return <ForwardedMark />;
    case 'quote':
      return <ReplyQuote reply={props.reply} />;
    case 'reactions':
      return <ReactionBar message={props.message} />;
    case 'receipt':
      return <ReadReceiptMark message={props.message} receipt={props.receipt} isGroup={props.isGroup} />;
    case 'replyBar':
      return <ReplyBar reply={props.reply} onCancel={props.onCancel} />;
  }
}

// A poll posted in a room (SPEC §2 chats/vote): the question, each option with its votes and share,
// the person's own choice marked. One choice votes at a tap; with multiple answers allowed, boxes are
// ticked and sent with "Vote". Counts change live (the room's cached message is replaced by events).
// The room's controller shows a failed vote and the voters sheet (room-controller.ts).
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { PollView, RoomMessage } from '../api/message-model.ts';
import { parseDate } from '../../../shared/format/formatters.ts';
import { CheckIcon, PollIcon } from '../../../shared/ui/icons.tsx';
import { useCastVote } from '../api/votes.ts';
import { useRoomController } from './room-controller.ts';
import styles from './poll.module.css';


// A closing time that is no date closes nothing.
const isClosed = (poll: PollView, now = Date.now()) => (parseDate(poll.closesAt)?.getTime() ?? Infinity) <= now;

export function PollCard({ message, poll }: { message: RoomMessage; poll: PollView }) {
  const { t } = useTranslation();
  const actions = useRoomController();
  const castVote = useCastVote(actions.api);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(poll.options.flatMap((option) => (option.mine && option.id !== null ? [option.id] : []))));
  const [busy, setBusy] = useState(false);
  const closed = isClosed(poll);
  // A poll the server sent without its id cannot be voted on (nor an option without its id chosen).
  const canVote = Boolean(actions) && !closed && !busy && !message.deleted && poll.id !== null;

  const send = (optionIds: number[]) => {
    if (!actions || poll.id === null) return;
    setBusy(true);
    castVote
      .mutateAsync({ messageUuid: message.uuid, pollId: poll.id, optionIds })
      .then(() => undefined, actions.fail)
      .finally(() => setBusy(false));
  };
  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <fieldset className={styles.poll} data-testid="poll" aria-busy={busy}>
      <legend className={styles.question}>
        <PollIcon size={18} aria-hidden="true" className={styles.questionIcon} />
        <span>{poll.question}</span>
      </legend>
      <p className={styles.note}>
        {[poll.multiple ? t('chat.poll.multipleNote') : t('chat.poll.singleNote'), poll.anonymous ? t('chat.poll.anonymousNote') : null, closed ? t('chat.poll.closed') : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <ul className={styles.options}>
        {poll.options.map((option, index) => {
          const { id } = option;
          // An option counted above the total (a faulty answer) fills its bar, no more.
          const share = poll.total > 0 ? Math.min(100, Math.round((option.count / poll.total) * 100)) : 0;
          const label = t('chat.poll.optionVotes', { option: option.text, count: option.count });
          return (
            <li key={id ?? `option-${index}`} className={styles.option} data-testid="poll-option">
              {poll.multiple ? (
                <label className={styles.choice}>
                  <input type="checkbox" checked={id !== null && ticked.has(id)} onChange={() => id !== null && toggle(id)} disabled={!canVote || id === null} aria-label={option.text} />
                  <span className={styles.optionText}>{option.text}</span>
                </label>
              ) : (
                <button type="button" className={styles.choice} aria-pressed={option.mine} disabled={!canVote || id === null} onClick={() => id !== null && send([id])} aria-label={label}>
                  <span className={styles.optionText}>
                    {option.mine && <CheckIcon size={16} aria-hidden="true" className={styles.mine} />}
                    {option.text}
                  </span>
                </button>
              )}
              <span className={styles.count} data-testid="poll-count">
                {option.count}
              </span>
              <span className={styles.bar} style={{ width: `${share}%` }} aria-hidden="true" />
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <span data-testid="poll-total">{t('chat.poll.totalVotes', { count: poll.total })}</span>
        {poll.multiple && (
          <button type="button" className={styles.action} disabled={!canVote || ticked.size === 0} onClick={() => send([...ticked])}>
            {t('chat.poll.vote')}
          </button>
        )}
        {actions && (
          <button type="button" className={styles.action} onClick={() => actions.showVoters(message)}>
            {t('chat.poll.seeVoters')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

// Setting up a poll in a group (SPEC §2 chats/vote, §7 setup-vote-feature): a question, two to ten
// options, one or several answers, anonymous or not, an optional closing time. Created, it is posted
// in the room and the room opens; refused, the form keeps everything typed.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { showAlert } from '../../../shared/ui/alert-host.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { CloseIcon, PlusIcon, PollIcon } from '../../../shared/ui/icons.tsx';
import { useCreatePoll } from '../api/votes.ts';
import chatStyles from '../room/room.module.css';
import styles from './vote.module.css';

export const MAX_OPTIONS = 10;

export function VoteScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomUuid = params.get('uuid') ?? '';
  const navigate = useNavigate();
  const fail = useFailureHandler();
  const create = useCreatePoll(roomUuid);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [closesAt, setClosesAt] = useState('');
  // Back (and a created poll) goes to the room, in place of this form.
  const back = () => navigate(roomUuid ? paths.chatRoom('v2', roomUuid) : paths.chatList('v2'), { replace: true });

  const alert = (key: string) => showAlert({ headerKey: 'errors.alertHeader', message: { key } });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const filled = options.map((option) => option.trim()).filter(Boolean);
    if (!question.trim()) return alert('chat.vote.questionRequired');
    if (new Set(filled.map((option) => option.toLowerCase())).size < 2) return alert('chat.vote.optionsRequired');
    try {
      await create.mutateAsync({ question, options: filled, multiple, anonymous, closesAt: closesAt ? new Date(closesAt).toISOString() : null });
      back();
    } catch (error) {
      await fail(error);
    }
  };

  const setOption = (index: number, value: string) => setOptions((current) => current.map((option, at) => (at === index ? value : option)));

  return (
    <section className={chatStyles.screen} aria-labelledby="vote-title">
      <ScreenHeader title={t('chat.vote.title')} titleId="vote-title" back={() => void back()} />
      {!roomUuid ? (
        <p className={chatStyles.state}>{t('chat.noRoom')}</p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)}>
          <label className={styles.label}>
            {t('chat.vote.question')}
            <textarea className={styles.field} value={question} onChange={(event) => setQuestion(event.target.value)} rows={2} maxLength={255} />
          </label>
          <fieldset className={styles.options}>
            <legend className={styles.label}>{t('chat.vote.options')}</legend>
            {options.map((option, index) => (
              <div key={index} className={styles.optionRow}>
                <input
                  className={styles.field}
                  value={option}
                  onChange={(event) => setOption(index, event.target.value)}
                  aria-label={t('chat.vote.optionLabel', { number: index + 1 })}
                  maxLength={100}
                />
                {options.length > 2 && (
                  <IconButton
                    icon={CloseIcon}
                    label={t('chat.vote.removeOption', { number: index + 1 })}
                    onClick={() => setOptions((current) => current.filter((_, at) => at !== index))}
                  />
                )}
              </div>
            ))}
            {options.length < MAX_OPTIONS && (
              <Button variant="ghost" size="s" icon={PlusIcon} className={styles.addOption} onClick={() => setOptions((current) => [...current, ''])}>
                {t('chat.vote.addOption')}
              </Button>
            )}
          </fieldset>
          <label className={styles.check}>
            <input type="checkbox" checked={multiple} onChange={(event) => setMultiple(event.target.checked)} />
            {t('chat.vote.allowMultiple')}
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
            {t('chat.vote.anonymous')}
          </label>
          <label className={styles.label}>
            {t('chat.vote.closesAt')}
            <input className={styles.field} type="datetime-local" value={closesAt} onChange={(event) => setClosesAt(event.target.value)} />
          </label>
          <Button type="submit" icon={PollIcon} busy={create.isPending} className={styles.submit}>
            {t('chat.vote.create')}
          </Button>
        </form>
      )}
    </section>
  );
}

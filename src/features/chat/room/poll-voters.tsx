// Who voted for what (GET /v2/live-chat/see-voters/{id}): per option its count and its voters, or a
// note that the poll is anonymous (the server then sends no names).
import { personName } from '../../../shared/format/person.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RetryIcon } from '../../../shared/ui/icons.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import type { PollView } from '../api/message-model.ts';
import { useVoters } from '../api/votes.ts';
import chatStyles from './room.module.css';
import styles from './poll.module.css';

export function PollVoters({ poll, onClose }: { poll: PollView; onClose(): void }) {
  const { t } = useTranslation();
  const voters = useVoters(poll.id);
  return (
    <Modal title={t('chat.poll.votersTitle')} onClose={onClose} closeLabel={t('common.close')}>
      <p className={styles.question}>{poll.question}</p>
      {poll.anonymous && <p className={styles.note}>{t('chat.poll.anonymousVoters')}</p>}
      {voters.isPending ? (
        <Spinner />
      ) : voters.isError ? (
        <div className={chatStyles.state} role="alert">
          <p>{t('chat.poll.votersError')}</p>
          <Button variant="secondary" size="s" icon={RetryIcon} onClick={() => void voters.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        // Without options nobody has voted; an option without voters, nobody chose it (the contract's fallbacks).
        (voters.data.options ?? []).map((option, index) => (
          <section key={option.id ?? `option-${index}`} aria-label={option.option_text ?? ''}>
            <h3 className={styles.voterGroup}>{t('chat.poll.optionVotes', { option: option.option_text ?? '', count: option.votes_count ?? option.voters?.length ?? 0 })}</h3>
            <ul className={styles.voters}>
              {(option.voters ?? []).map((voter, at) => (
                <li key={voter.id ?? `voter-${at}`} className={styles.voter}>
                  <Avatar src={voter.signed_profile_picture_url} firstName={voter.first_name} lastName={voter.last_name} size="s" decorative />
                  <span>{personName(voter)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Modal>
  );
}

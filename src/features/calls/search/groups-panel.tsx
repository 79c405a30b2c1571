// The Groups segment: a group name field, then the group chats found, each with a video-call button
// that opens the start screen with the room's uuid (the whole group is called).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { useGroupSearch, type CallGroup } from '../api/search.ts';
import { callFromTap } from '../api/start.ts';
import shared from '../calls.module.css';
import styles from './call-search.module.css';
import { SearchResults, VideoCallButton } from './search-results.tsx';

const groupName = (group: CallGroup) => displayText(group.name) || displayText(group.individual_name);

export function GroupsPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showFailure = useFailureHandler();
  const search = useGroupSearch();
  const [name, setName] = useState('');

  const run = (keyword: string) => search.mutate(keyword, { onError: (error) => void showFailure(error) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(name);
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search" aria-label={t('calls.search.groups')}>
        <input className={styles.field} value={name} onChange={(event) => setName(event.target.value)} placeholder={t('calls.search.groupName')} aria-label={t('calls.search.groupName')} />
        <button type="submit" className={shared.primaryButton} disabled={search.isPending}>
          {t('calls.search.searchGroups')}
        </button>
      </form>
      <SearchResults
        state={search}
        texts={{ hint: t('calls.search.groupsHint'), empty: t('calls.search.noGroups'), failed: t('calls.search.groupsFailed'), listLabel: t('calls.search.groupsFound') }}
        onRetry={() => {
          if (search.variables !== undefined) run(search.variables);
        }}
        keyOf={(group) => group.uuid}
      >
        {(group) => (
          <>
            <Avatar firstName={groupName(group)} />
            <span className={styles.rowText}>
              <span className={styles.rowName}>{groupName(group)}</span>
            </span>
            <VideoCallButton
              label={t('calls.search.callGroup', { name: groupName(group) })}
              onCall={() => callFromTap(navigate, { kind: 'room', roomUuid: group.uuid })}
            />
          </>
        )}
      </SearchResults>
    </>
  );
}

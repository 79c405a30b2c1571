// The Groups segment: a group name field, then the group chats found, each with a video-call button
// that opens the start screen with the room's uuid (the whole group is called).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { GroupIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { useGroupSearch, type CallGroup } from '../api/search.ts';
import { callFromTap } from '../api/start.ts';
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
      <form className={styles.form} onSubmit={submit} role="search" aria-label={t('calls.search.groups')} data-fields="1">
        <SearchField variant="form" icon={SearchIcon} value={name} onChange={setName} label={t('calls.search.groupName')} enterKeyHint="search" />
        <Button type="submit" icon={SearchIcon} disabled={search.isPending}>
          {t('calls.search.searchGroups')}
        </Button>
      </form>
      <SearchResults
        state={search}
        texts={{ hintTitle: t('calls.search.groupsTitle'), hintIcon: GroupIcon, hint: t('calls.search.groupsHint'), empty: t('calls.search.noGroups'), failed: t('calls.search.groupsFailed'), listLabel: t('calls.search.groupsFound') }}
        onRetry={() => {
          if (search.variables !== undefined) run(search.variables);
        }}
        keyOf={(group) => group.uuid}
      >
        {(group) => (
          <ListRow
            start={<Avatar name={groupName(group)} decorative />}
            title={groupName(group)}
            end={<VideoCallButton label={t('calls.search.callGroup', { name: groupName(group) })} onCall={() => callFromTap(navigate, { kind: 'room', roomUuid: group.uuid })} />}
          />
        )}
      </SearchResults>
    </>
  );
}

// "Copy a group" on /chats/create: find one of the user's groups (GET /v2/live-chat/search-group,
// debounced as SPEC §9's default), pick it, give the copy a name (prefilled "<name> (copy)") and
// "Copy group" clones it with its members (POST /v2/live-chat/clone), then opens the new room. A
// failed call shows the catalogue's alert and keeps the choice and the name. The members the copy
// takes along are listed first (GET /v2/live-chat/setup-chat-group/{id}).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RetryIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { personName } from '../../../shared/format/person.ts';
import { useCloneGroup, useGroupSearch, useGroupSetup } from '../api/groups.ts';
import { roomTitle, type ChatRoom } from '../api/message-model.ts';
import people from '../people/people.module.css';
import { ActionBar } from '../../../shared/ui/action-bar.tsx';
import { useDebounced } from '../../../shared/scheduling/use-debounced.ts';
import styles from './create-chat.module.css';
import { requireAlert } from './alerts.ts';

export function CopyGroupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fail = useFailureHandler();
  const [keyword, setKeyword] = useState('');
  const searched = useDebounced(keyword.trim());
  const groups = useGroupSearch(searched);
  const [picked, setPicked] = useState<ChatRoom | null>(null);
  const [name, setName] = useState('');
  const clone = useCloneGroup();
  const titleOf = (room: ChatRoom) => roomTitle(room) || t('chat.untitled');

  const pick = (room: ChatRoom) => {
    setPicked(room);
    setName(t('chat.create.copyName', { name: titleOf(room) }));
  };

  const submit = async () => {
    if (!picked || clone.isPending) return;
    if (!name.trim()) return requireAlert('chat.start.nameRequired');
    try {
      const room = await clone.mutateAsync({ roomUuid: picked.uuid, name: name.trim() });
      // An answer without its room (the field is inferred) still means the copy was made: the list shows it.
      navigate(room ? paths.chatRoom('v2', room.uuid) : paths.chatList('v2'), { replace: true });
    } catch (error) {
      await fail(error);
    }
  };

  const rooms = groups.data?.chat_rooms ?? [];
  let results;
  if (searched === '') results = <p className={styles.hint}>{t('chat.create.typeToSearch')}</p>;
  else if (groups.isPending) results = <Spinner />;
  else if (groups.isError)
    results = (
      <div className={styles.hint} role="alert">
        <p>{t('chat.create.groupsError')}</p>
        <Button variant="secondary" icon={RetryIcon} onClick={() => void groups.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (rooms.length === 0) results = <p className={styles.hint}>{t('chat.create.noGroups')}</p>;
  else
    results = (
      <fieldset className={styles.groups}>
        <legend>{t('chat.create.chooseGroup')}</legend>
        {rooms.map((room) => (
          <label key={room.uuid} className={styles.groupOption}>
            <input type="radio" name="group-to-copy" checked={picked?.uuid === room.uuid} onChange={() => pick(room)} />
            {titleOf(room)}
          </label>
        ))}
      </fieldset>
    );

  return (
    <>
      <input
        type="search"
        className={people.field}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('chat.create.searchGroups')}
        aria-label={t('chat.create.searchGroups')}
      />
      {results}
      {picked && (
        <>
          <p className={styles.copying}>{t('chat.create.copying', { name: titleOf(picked) })}</p>
          <CopiedMembers roomId={picked.id} />
          <label className={styles.fieldLabel}>
            {t('chat.create.newName')}
            <input className={people.field} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          </label>
          <ActionBar>
            <Button onClick={() => void submit()} busy={clone.isPending}>
              {t('chat.create.copy')}
            </Button>
          </ActionBar>
        </>
      )}
    </>
  );
}

/** Who the copy takes along: the chosen group's members, as its set-up reads them. */
function CopiedMembers({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const setup = useGroupSetup(roomId);
  if (setup.isPending) return <Spinner />;
  if (setup.isError) return null; // The copy still works; the server knows the members.
  const names = (setup.data.members ?? []).map(personName).filter(Boolean);
  return (
    <p className={styles.hint} data-testid="copied-members">
      {t('chat.create.copiedMembers', { count: names.length, names: names.join(', ') })}
    </p>
  );
}

// "New group" on /chats/create (SPEC §2, §4, §5): a group name, the v2 mass employee search (name, job
// title, company, sub-company, outlet, rank), a virtualised result with a checkbox per person, "Select
// all matching", "Clear selection", the count of the chosen (who persist across searches and can be
// listed to uncheck them), then Create: the SPEC §5 alerts, a spinner on the button while creating,
// and the new room on success. A failed call shows the catalogue's alert and keeps everything.
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { searchMassEmployees, type Employee, type EmployeeQuery } from '../api/directory.ts';
import { useCreateGroupChat } from '../api/groups.ts';
import { EmployeeSearchForm } from '../people/employee-search-form.tsx';
import people from '../people/people.module.css';
import styles from './create-chat.module.css';
import { EmployeePickList } from './employee-pick-list.tsx';
import { massSearchBody, NO_ORG_CHOICE, OrgFilters, type OrgChoice } from './org-filters.tsx';
import { requireAlert } from './alerts.ts';
import { useSelection } from './use-selection.ts';

// The parts above the list keep their props while people are searched for and chosen: memoised, they
// are not rendered again for each of those changes.
const SearchForm = memo(EmployeeSearchForm);
const Filters = memo(OrgFilters);

export function NewGroupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fail = useFailureHandler();
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<OrgChoice>(NO_ORG_CHOICE);
  const [found, setFound] = useState<Employee[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [showSelected, setShowSelected] = useState(false);
  const { chosen, toggle, addAll, clear } = useSelection();
  const create = useCreateGroupChat();
  // Only the latest search's answer is shown (an earlier, slower one is dropped).
  const latestSearch = useRef(0);

  const search = useCallback(async (text: EmployeeQuery) => {
    const ticket = ++latestSearch.current;
    setSearching(true);
    try {
      const { users } = await searchMassEmployees(massSearchBody(text, choice));
      if (ticket !== latestSearch.current) return;
      setFound(users);
      setShowSelected(false);
      setSearching(false);
    } catch (error) {
      if (ticket !== latestSearch.current) return;
      setSearching(false);
      await fail(error);
    }
  }, [choice, fail]);
  const onSearch = useCallback((text: EmployeeQuery) => void search(text), [search]);

  const submit = async () => {
    if (create.isPending) return;
    if (!name.trim()) return requireAlert('chat.start.nameRequired');
    if (chosen.size === 0) return requireAlert('chat.start.participantRequired');
    try {
      const room = await create.mutateAsync({ name: name.trim(), participants: [...chosen.keys()] });
      navigate(paths.chatRoom('v2', room.uuid), { replace: true });
    } catch (error) {
      await fail(error);
    }
  };

  const selectedPeople = useMemo(() => (showSelected ? [...chosen.values()] : []), [showSelected, chosen]);
  const shown = showSelected ? selectedPeople : (found ?? []);
  const count = (total: number) => formatCount(total, i18n.language);

  let list;
  if (searching) list = <Spinner />;
  else if (showSelected && shown.length === 0) list = <p className={styles.hint}>{t('chat.create.noneSelected')}</p>;
  else if (!showSelected && found === null) list = <p className={styles.hint}>{t('chat.create.searchHint')}</p>;
  else if (shown.length === 0) list = <p className={styles.hint}>{t('chat.people.noEmployees')}</p>;
  else list = <EmployeePickList employees={shown} chosen={chosen} onToggle={toggle} />;

  return (
    <>
      <label className={styles.fieldLabel}>
        {t('chat.create.groupName')}
        <input className={people.field} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      </label>
      <Filters choice={choice} onChange={setChoice} />
      <SearchForm onSearch={onSearch} busy={searching} />
      <div className={styles.toolbar}>
        <span className={styles.count} aria-live="polite" data-testid="selected-count">
          {t('chat.create.selectedCount', { total: count(chosen.size) })}
        </span>
        {!showSelected && found !== null && found.length > 0 && (
          <Button variant="ghost" size="s" onClick={() => addAll(found)}>
            {t('chat.create.selectAll', { total: count(found.length) })}
          </Button>
        )}
        {chosen.size > 0 && (
          <Button variant="ghost" size="s" onClick={clear}>
            {t('chat.create.clearSelection')}
          </Button>
        )}
        {(showSelected || chosen.size > 0) && (
          <Button variant="ghost" size="s" onClick={() => setShowSelected(!showSelected)} aria-pressed={showSelected}>
            {t('chat.create.showSelected')}
          </Button>
        )}
      </div>
      <section className={styles.listArea} aria-labelledby="create-list-heading">
        <h2 id="create-list-heading" className={styles.heading}>
          {showSelected ? t('chat.create.selectedHeading') : t('chat.people.selectEmployee')}
        </h2>
        {list}
      </section>
      <div className={styles.footer}>
        <Button onClick={() => void submit()} busy={create.isPending}>
          {t('chat.create.create')}
        </Button>
      </div>
    </>
  );
}

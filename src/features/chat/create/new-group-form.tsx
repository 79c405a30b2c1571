// "New group" on /chats/create (SPEC §2, §4, §5): a group name, the v2 mass employee search (name, job
// title, company, sub-company, outlet, rank) as one types (the recent contacts before that), a
// virtualised result with a checkbox per person, "Select all matching", "Clear selection", the count of
// the chosen (who persist across searches and can be listed to uncheck them), then Create in a bar that
// stays above the tab bar and the keyboard: the SPEC §5 alerts, a spinner on the button while creating,
// and the new room on success. A failed call shows the catalogue's alert and keeps everything.
import { memo, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { useRecentContacts } from '../../../shared/people/recent-contacts.ts';
import { ActionBar } from '../../../shared/ui/action-bar.tsx';
import { searchMassEmployees } from '../api/directory.ts';
import { useCreateGroupChat } from '../api/groups.ts';
import { EmployeeCheckbox } from '../people/employee-row.tsx';
import { RecentEmployees, useEmployeeSearch } from '../people/employee-picker.tsx';
import { EmployeeSearchForm } from '../people/employee-search-form.tsx';
import people from '../people/people.module.css';
import styles from './create-chat.module.css';
import { EmployeePickList } from './employee-pick-list.tsx';
import { massSearchBody, NO_ORG_CHOICE, OrgFilters, type OrgChoice } from './org-filters.tsx';
import { requireAlert } from './alerts.ts';
import { useSelection } from './use-selection.ts';

// The filters keep their props while people are searched for and chosen: memoised, they are not
// rendered again for each of those changes.
const Filters = memo(OrgFilters);

export function NewGroupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fail = useFailureHandler();
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<OrgChoice>(NO_ORG_CHOICE);
  const [showSelected, setShowSelected] = useState(false);
  const { chosen, toggle, addAll, clear } = useSelection();
  const create = useCreateGroupChat();
  const recent = useRecentContacts();
  // The filters are part of each search's key: choosing one searches again what is typed.
  const employees = useEmployeeSearch((text, signal) => searchMassEmployees(massSearchBody(text, choice), signal).then(({ users }) => users), ['mass', choice]);
  // Typing or searching shows what is found again, not the chosen.
  const search = {
    ...employees,
    setField: (field: Parameters<typeof employees.setField>[0], value: string) => {
      setShowSelected(false);
      employees.setField(field, value);
    },
    searchNow: () => {
      setShowSelected(false);
      employees.searchNow();
    },
  };
  const found = employees.results ?? null;
  const searching = employees.searching && found === null;

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
  else if (!showSelected && found === null)
    list = (
      <>
        <div className={styles.recent}>
          <RecentEmployees contacts={recent} labelledBy="create-list-heading">
            {(employee) => <EmployeeCheckbox employee={employee} checked={chosen.has(employee.id)} onToggle={() => toggle(employee)} />}
          </RecentEmployees>
        </div>
        <p className={styles.hint}>{t('chat.create.searchHint')}</p>
      </>
    );
  else if (shown.length === 0) list = <p className={styles.hint}>{t('chat.people.noEmployees')}</p>;
  else list = <EmployeePickList employees={shown} chosen={chosen} onToggle={toggle} />;

  return (
    <>
      <label className={styles.fieldLabel}>
        {t('chat.create.groupName')}
        <input className={people.field} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      </label>
      <Filters choice={choice} onChange={setChoice} />
      <EmployeeSearchForm search={search} />
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
      <section className={styles.listArea} aria-labelledby="create-list-heading" aria-busy={employees.searching}>
        <h2 id="create-list-heading" className={styles.heading}>
          {showSelected ? t('chat.create.selectedHeading') : found === null && recent.length > 0 ? t('people.recent') : t('chat.people.selectEmployee')}
        </h2>
        {list}
      </section>
      <ActionBar>
        <Button onClick={() => void submit()} busy={create.isPending}>
          {t('chat.create.create')}
        </Button>
      </ActionBar>
    </>
  );
}

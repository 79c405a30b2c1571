// The employee search of the Start Live Chat and Create Group Chat modals (SPEC §2, §5): a name field,
// a job title field and a "Search Employees" button; every field optional. The search runs as one
// types (src/shared/people/use-people-search.ts); the button and Enter search at once.
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { PeopleSearch } from '../../../shared/people/use-people-search.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { SearchIcon } from '../../../shared/ui/icons.tsx';
import styles from './people.module.css';

export function EmployeeSearchForm({ search, busy = false }: { search: PeopleSearch<unknown>; busy?: boolean }) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.searchNow();
  };
  return (
    <form className={styles.searchForm} onSubmit={submit} role="search">
      <input
        className={styles.field}
        value={search.fields.employee_name}
        onChange={(event) => search.setField('employee_name', event.target.value)}
        placeholder={t('chat.people.employeeName')}
        aria-label={t('chat.people.employeeName')}
        enterKeyHint="search"
        autoComplete="off"
      />
      <input
        className={styles.field}
        value={search.fields.employee_job_title}
        onChange={(event) => search.setField('employee_job_title', event.target.value)}
        placeholder={t('chat.people.jobTitle')}
        aria-label={t('chat.people.jobTitle')}
        enterKeyHint="search"
        autoComplete="off"
      />
      <Button type="submit" icon={SearchIcon} disabled={busy} block>
        {t('chat.people.searchEmployees')}
      </Button>
    </form>
  );
}

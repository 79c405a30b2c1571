// The employee search of the Start Live Chat and Create Group Chat modals (SPEC §2, §5): a name field,
// a job title field and a "Search Employees" button; every field optional.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SearchIcon } from '../../../shared/ui/icons.tsx';
import type { EmployeeQuery } from '../api/directory.ts';
import styles from './people.module.css';

export function EmployeeSearchForm({ onSearch, busy }: { onSearch(query: EmployeeQuery): void; busy: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ employee_name: name, employee_job_title: jobTitle });
  };
  return (
    <form className={styles.searchForm} onSubmit={submit} role="search">
      <input className={styles.field} value={name} onChange={(event) => setName(event.target.value)} placeholder={t('chat.people.employeeName')} aria-label={t('chat.people.employeeName')} />
      <input className={styles.field} value={jobTitle} onChange={(event) => setJobTitle(event.target.value)} placeholder={t('chat.people.jobTitle')} aria-label={t('chat.people.jobTitle')} />
      <Button type="submit" icon={SearchIcon} disabled={busy} block>
        {t('chat.people.searchEmployees')}
      </Button>
    </form>
  );
}

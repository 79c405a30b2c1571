// The People segment: name and job-title fields (both optional, as in Start Direct Chat), then the
// employees found, each with a video-call button that opens the start screen with their user_id.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import { usePeopleSearch, type Employee, type PeopleQuery } from '../api/search.ts';
import { callFromTap } from '../api/start.ts';
import shared from '../calls.module.css';
import styles from './call-search.module.css';
import { SearchResults, VideoCallButton } from './search-results.tsx';

function PersonRow({ employee, onCall }: { employee: Employee; onCall(): void }) {
  const { t } = useTranslation();
  const name = personName(employee);
  const jobTitle = jobTitleOf(employee);
  const company = employee.ess_company?.name ?? '';
  return (
    <>
      <Avatar src={employee.signed_profile_picture_url} firstName={employee.first_name} lastName={employee.last_name} />
      <span className={styles.rowText}>
        <span className={styles.rowName}>{name}</span>
        {employee.employee_number && <span className={styles.rowMeta}>{employee.employee_number}</span>}
        {jobTitle && <span className={styles.rowMeta}>{jobTitle}</span>}
        {company && <span className={styles.rowMeta}>{company}</span>}
      </span>
      <VideoCallButton label={t('calls.search.callPerson', { name })} onCall={onCall} />
    </>
  );
}

export function PeoplePanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showFailure = useFailureHandler();
  const search = usePeopleSearch();
  const [name, setName] = useState('');
  const [jobTitle, setJobTitle] = useState('');

  const run = (query: PeopleQuery) => search.mutate(query, { onError: (error) => void showFailure(error) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ employee_name: name, employee_job_title: jobTitle });
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search" aria-label={t('calls.search.people')}>
        <input className={styles.field} value={name} onChange={(event) => setName(event.target.value)} placeholder={t('calls.search.employeeName')} aria-label={t('calls.search.employeeName')} />
        <input className={styles.field} value={jobTitle} onChange={(event) => setJobTitle(event.target.value)} placeholder={t('calls.search.jobTitle')} aria-label={t('calls.search.jobTitle')} />
        <button type="submit" className={shared.primaryButton} disabled={search.isPending}>
          {t('calls.search.searchPeople')}
        </button>
      </form>
      <SearchResults
        state={search}
        texts={{ hint: t('calls.search.peopleHint'), empty: t('calls.search.noPeople'), failed: t('calls.search.peopleFailed'), listLabel: t('calls.search.peopleFound') }}
        onRetry={() => {
          if (search.variables) run(search.variables);
        }}
        keyOf={(employee) => employee.id}
      >
        {(employee) => <PersonRow employee={employee} onCall={() => callFromTap(navigate, { kind: 'person', userId: employee.id })} />}
      </SearchResults>
    </>
  );
}

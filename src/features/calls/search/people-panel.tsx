// The People segment: name and job-title fields (both optional, as in Start Direct Chat), then the
// employees found, each with a voice-call and a video-call button that open the start screen with their user_id.
import { Fragment, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { HrIcon, PersonIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import { usePeopleSearch, type Employee, type PeopleQuery } from '../api/search.ts';
import { callFromTap } from '../api/start.ts';
import styles from './call-search.module.css';
import { SearchResults, VideoCallButton } from './search-results.tsx';

function PersonRow({ employee, onCall }: { employee: Employee; onCall(voice: boolean): void }) {
  const { t } = useTranslation();
  const name = personName(employee);
  const jobTitle = jobTitleOf(employee);
  const company = employee.ess_company?.name ?? '';
  const details = [employee.employee_number, company].filter(Boolean);
  return (
    <ListRow
      start={<Avatar src={employee.signed_profile_picture_url} firstName={employee.first_name} lastName={employee.last_name} decorative />}
      title={name}
      subtitle={jobTitle || undefined}
      meta={
        details.length > 1
          ? details.map((detail, index) => (
              <Fragment key={detail}>
                {index > 0 && (
                  <span className={styles.separator} aria-hidden="true">
                    ·
                  </span>
                )}
                <span>{detail}</span>
              </Fragment>
            ))
          : details[0]
      }
      end={
        <span className={styles.callButtons}>
          <VideoCallButton voice label={t('calls.search.voiceCallPerson', { name })} onCall={() => onCall(true)} />
          <VideoCallButton label={t('calls.search.callPerson', { name })} onCall={() => onCall(false)} />
        </span>
      }
    />
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
        <SearchField variant="form" icon={SearchIcon} value={name} onChange={setName} label={t('calls.search.employeeName')} enterKeyHint="search" />
        <SearchField variant="form" icon={HrIcon} value={jobTitle} onChange={setJobTitle} label={t('calls.search.jobTitle')} enterKeyHint="search" />
        <Button type="submit" icon={SearchIcon} disabled={search.isPending}>
          {t('calls.search.searchPeople')}
        </Button>
      </form>
      <SearchResults
        state={search}
        texts={{ hintTitle: t('calls.search.peopleTitle'), hintIcon: PersonIcon, hint: t('calls.search.peopleHint'), empty: t('calls.search.noPeople'), failed: t('calls.search.peopleFailed'), listLabel: t('calls.search.peopleFound') }}
        onRetry={() => {
          if (search.variables) run(search.variables);
        }}
        keyOf={(employee) => employee.id}
      >
        {(employee) => <PersonRow employee={employee} onCall={(voice) => callFromTap(navigate, { kind: 'person', userId: employee.id }, voice)} />}
      </SearchResults>
    </>
  );
}

// The People segment: name and job-title fields (both optional, as in Start Direct Chat), searched as
// one types (src/shared/people/use-people-search.ts; the button and Enter search at once), then the
// employees found, each with a voice-call and a video-call button that open the start screen with their
// user_id. Before anything is typed: the recent contacts (the chat home's direct chats and the calls of
// the history), with the same buttons.
import { Fragment, useId, useMemo, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useRecentContacts, type Contact } from '../../../shared/people/recent-contacts.ts';
import { usePeopleSearch } from '../../../shared/people/use-people-search.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { HrIcon, PersonIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import { entriesOf, useLoadedCallHistory } from '../api/history.ts';
import { searchCallPeople, type Employee } from '../api/search.ts';
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
  const search = usePeopleSearch({ key: ['video-call-employees'], find: searchCallPeople, onError: (error) => void showFailure(error) });
  // The history the Recent segment loads (always mounted beside this one): each call with someone is a contact.
  const history = useLoadedCallHistory();
  const calls = useMemo<Contact[]>(() => entriesOf(history.data?.pages).map((entry) => ({ room: entry.chat_room, at: entry.started_at ?? entry.created_at })), [history.data]);
  const recent = useRecentContacts(calls);
  const recentHeading = useId();
  const call = (userId: number, voice: boolean) => callFromTap(navigate, { kind: 'person', userId }, voice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.searchNow();
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search" aria-label={t('calls.search.people')}>
        <SearchField
          variant="form"
          icon={SearchIcon}
          value={search.fields.employee_name}
          onChange={(value) => search.setField('employee_name', value)}
          label={t('calls.search.employeeName')}
          enterKeyHint="search"
        />
        <SearchField
          variant="form"
          icon={HrIcon}
          value={search.fields.employee_job_title}
          onChange={(value) => search.setField('employee_job_title', value)}
          label={t('calls.search.jobTitle')}
          enterKeyHint="search"
        />
        <Button type="submit" icon={SearchIcon}>
          {t('calls.search.searchPeople')}
        </Button>
      </form>
      {search.idle && recent.length > 0 ? (
        <section aria-labelledby={recentHeading} data-testid="recent-contacts">
          <h3 id={recentHeading} className={styles.recentHeading}>
            {t('people.recent')}
          </h3>
          <ListGroup label={t('people.recent')}>
            {recent.map((contact) => (
              <li key={contact.userId} data-testid="call-result">
                <PersonRow employee={{ id: contact.userId, first_name: contact.name, signed_profile_picture_url: contact.avatar }} onCall={(voice) => call(contact.userId, voice)} />
              </li>
            ))}
          </ListGroup>
        </section>
      ) : (
        <SearchResults
          state={{ isIdle: search.idle, isPending: search.results === undefined && search.searching, isError: search.failed && search.results === undefined, data: search.results }}
          busy={search.searching}
          texts={{ hintTitle: t('calls.search.peopleTitle'), hintIcon: PersonIcon, hint: t('calls.search.peopleHint'), empty: t('calls.search.noPeople'), failed: t('calls.search.peopleFailed'), listLabel: t('calls.search.peopleFound') }}
          onRetry={search.retry}
          keyOf={(employee) => employee.id}
        >
          {(employee) => <PersonRow employee={employee} onCall={(voice) => call(employee.id, voice)} />}
        </SearchResults>
      )}
    </>
  );
}

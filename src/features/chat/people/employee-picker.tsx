// The employee search shared by the Start Live Chat and Create Group Chat modals and the group
// detail's Add participants (SPEC §2, §4, §8), on the people search as one types
// (src/shared/people/use-people-search.ts): a failure shows the catalogue's alert; the results under
// "Select Employee"; before anything is typed, the recent contacts (the chat home's direct chats).
import { useId, type ReactNode } from 'react';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { RecentContact } from '../../../shared/people/recent-contacts.ts';
import { usePeopleSearch, type PeopleSearch } from '../../../shared/people/use-people-search.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { searchEmployees, type Employee, type EmployeeQuery } from '../api/directory.ts';
import peopleStyles from './people.module.css';

export type EmployeeSearch = PeopleSearch<Employee>;

/**
 * The search's state over `find` (by default the v1 employee search); `key` names what else the
 * search depends on (a room, the filters), so a change of it searches again.
 */
export function useEmployeeSearch(
  find: (query: EmployeeQuery, signal: AbortSignal) => Promise<Employee[]> = searchEmployees,
  key: readonly unknown[] = ['live-chat-employees'],
): EmployeeSearch {
  const showFailure = useFailureHandler();
  return usePeopleSearch({ key, find, onError: (error) => void showFailure(error) });
}

/** A recent contact as the rows show an employee (name, picture): chosen by their id. */
export const employeeOfContact = (contact: RecentContact): Employee => ({ id: contact.userId, first_name: contact.name, last_name: null, signed_profile_picture_url: contact.avatar });

/** "Recent contacts" before anything is typed: one row each, as `children` draws it. */
export function RecentEmployees({
  contacts,
  headingLevel = 3,
  labelledBy,
  children,
}: {
  contacts: readonly RecentContact[];
  headingLevel?: 3 | 4;
  /** The screen's own heading already says "Recent contacts": this one is left out. */
  labelledBy?: string;
  children(employee: Employee, contact: RecentContact): ReactNode;
}) {
  const { t } = useTranslation();
  const ownHeading = useId();
  const headingId = labelledBy ?? ownHeading;
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  if (contacts.length === 0) return null;
  const list = (
    <ul className={peopleStyles.list} aria-labelledby={headingId}>
      {contacts.map((contact) => (
        <li key={contact.userId}>{children(employeeOfContact(contact), contact)}</li>
      ))}
    </ul>
  );
  // Under the screen's own heading the list is part of that heading's region, not one of its own.
  if (labelledBy) return <div data-testid="recent-contacts">{list}</div>;
  return (
    <section aria-labelledby={headingId} data-testid="recent-contacts">
      <Heading id={headingId} className={peopleStyles.heading}>
        {t('people.recent')}
      </Heading>
      {list}
    </section>
  );
}

/** "Select Employee" and the rows once a search has answered; "No employees found." for an empty answer. */
export function EmployeeResults({
  search,
  headingLevel = 3,
  children,
}: {
  search: EmployeeSearch;
  headingLevel?: 3 | 4;
  children(employee: Employee): ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const results = search.results;
  if (results === undefined) return search.searching ? <Spinner /> : null;
  return (
    <section aria-labelledby={headingId} aria-busy={search.searching}>
      <Heading id={headingId} className={peopleStyles.heading}>
        {t('chat.people.selectEmployee')}
      </Heading>
      {results.length === 0 ? (
        <p className={peopleStyles.note}>{t('chat.people.noEmployees')}</p>
      ) : (
        <ul className={peopleStyles.list} aria-label={t('chat.people.selectEmployee')}>
          {results.map((employee) => (
            <li key={employee.id}>{children(employee)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The employee search shared by the Start Live Chat and Create Group Chat modals and the group
// detail's Add participants (SPEC §2, §4, §8):
// the search's state (hasSearched turns true after the first successful search; a failure keeps the
// last results and shows the catalogue's alert) and the results under "Select Employee".
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { searchEmployees, type Employee, type EmployeeQuery } from '../api/directory.ts';
import peopleStyles from './people.module.css';


export interface EmployeeSearch {
  results: Employee[];
  hasSearched: boolean;
  searching: boolean;
  search(query: EmployeeQuery): Promise<void>;
}

/** The search's state over `find` (by default the v1 employee search). */
export function useEmployeeSearch(find: (query: EmployeeQuery) => Promise<Employee[]> = searchEmployees): EmployeeSearch {
  const showFailure = useFailureHandler();
  const finder = useRef(find);
  useEffect(() => {
    finder.current = find;
  });
  const [results, setResults] = useState<Employee[]>([]);
  const [hasSearched, setHasSearched] = useState(false);
  const [searching, setSearching] = useState(false);
  // Only the latest search's answer counts (an older, slower one must not overwrite it).
  const latest = useRef(0);

  const search = useCallback(
    async (query: EmployeeQuery) => {
      const ticket = ++latest.current;
      setSearching(true);
      try {
        const users = await finder.current(query);
        if (ticket !== latest.current) return;
        setResults(users);
        setHasSearched(true);
      } catch (error) {
        if (ticket === latest.current) void showFailure(error);
      } finally {
        if (ticket === latest.current) setSearching(false);
      }
    },
    [showFailure],
  );

  return { results, hasSearched, searching, search };
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
  if (!search.hasSearched) return search.searching ? <Spinner /> : null;
  return (
    <section aria-labelledby={headingId} aria-busy={search.searching}>
      <Heading id={headingId} className={peopleStyles.heading}>
        {t('chat.people.selectEmployee')}
      </Heading>
      {search.searching ? (
        <Spinner />
      ) : search.results.length === 0 ? (
        <p className={peopleStyles.note}>{t('chat.people.noEmployees')}</p>
      ) : (
        <ul className={peopleStyles.list} aria-label={t('chat.people.selectEmployee')}>
          {search.results.map((employee) => (
            <li key={employee.id}>{children(employee)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

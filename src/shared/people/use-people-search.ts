// People found as one types (issue 37, item 2), shared by Start Direct Chat, Create Group Chat (both
// families), a group's Add participants and the Call tab's People: the name and job title fields (SPEC
// §2, every field optional), searched once typing pauses for SPEC §9's default debounce (300 ms; §9
// sets no minimum length), or at once with the "Search Employees" button or Enter. Each search is a
// query keyed by what it asks, so an older answer can never be shown over a newer one, and the request
// a newer query replaces is cancelled (TanStack Query aborts the signal of a query nobody watches any
// more). While both fields are blank and nothing was asked with the button, nothing is searched: the
// screens show recent contacts instead (recent-contacts.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_DEBOUNCE_MS, useDebounced } from '../scheduling/use-debounced.ts';

export interface PeopleFields {
  employee_name: string;
  employee_job_title: string;
}

export const BLANK_FIELDS: PeopleFields = { employee_name: '', employee_job_title: '' };

const isBlank = (fields: PeopleFields) => fields.employee_name.trim() === '' && fields.employee_job_title.trim() === '';
const sameFields = (a: PeopleFields, b: PeopleFields) => a.employee_name === b.employee_name && a.employee_job_title === b.employee_job_title;

export interface PeopleSearchOptions<T> {
  /** What makes this search unlike another (its endpoint, a room, the filters beside the fields): part of each query's key. */
  key: readonly unknown[];
  /** Asks the server; `signal` aborts when a newer query replaces this one. */
  find(fields: PeopleFields, signal: AbortSignal): Promise<T[]>;
  /** Told once per failed search (the catalogue's alert, SPEC §8). */
  onError?(error: unknown): void;
  debounceMs?: number;
}

export interface PeopleSearch<T> {
  fields: PeopleFields;
  setField(field: keyof PeopleFields, value: string): void;
  /** The button and Enter: search what is typed now, again if it was already searched. */
  searchNow(): void;
  /** Back to nothing typed (the recent contacts). */
  clear(): void;
  /** Nothing is asked yet (both fields blank, no button): show the recent contacts. */
  idle: boolean;
  /** The answer to the latest search; while a newer one runs, the previous answer (marked by `searching`). */
  results: T[] | undefined;
  /** SPEC §4: true once a search has answered. */
  hasSearched: boolean;
  searching: boolean;
  failed: boolean;
  retry(): void;
}

export function usePeopleSearch<T>({ key, find, onError, debounceMs = DEFAULT_DEBOUNCE_MS }: PeopleSearchOptions<T>): PeopleSearch<T> {
  const [fields, setFields] = useState<PeopleFields>(BLANK_FIELDS);
  // What the button asked for at once (null: follow the typing); cleared by the next keystroke.
  const [pressed, setPressed] = useState<PeopleFields | null>(null);
  const typed = useDebounced(fields, debounceMs);
  const asked: PeopleFields | null = pressed ?? (isBlank(typed) ? null : typed);

  const finder = useRef(find);
  const told = useRef(onError);
  useEffect(() => {
    finder.current = find;
    told.current = onError;
  });

  const query = useQuery({
    queryKey: ['people-search', ...key, asked],
    queryFn: ({ signal }) => finder.current(asked!, signal),
    enabled: asked !== null,
    // While the next answer is on its way the last one stays, marked as searching (no flash of empty).
    placeholderData: keepPreviousData,
    // Each search asks the server (the button again for the same words too); answers are not kept long.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });

  // The last answer shown, kept when a later search fails (SPEC §8: the alert, and the list stays).
  const [lastAnswer, setLastAnswer] = useState<T[] | undefined>(undefined);
  if (query.isSuccess && !query.isPlaceholderData && query.data !== lastAnswer) setLastAnswer(query.data);

  const { error, refetch } = query;
  useEffect(() => {
    if (error) told.current?.(error);
  }, [error]);

  const setField = useCallback((field: keyof PeopleFields, value: string) => {
    setPressed(null);
    setFields((current) => ({ ...current, [field]: value }));
  }, []);

  const searchNow = () => {
    if (asked !== null && sameFields(asked, fields) && !query.isFetching) void refetch();
    else setPressed(fields);
  };

  const clear = useCallback(() => {
    setPressed(null);
    setFields(BLANK_FIELDS);
  }, []);

  const idle = asked === null;
  return {
    fields,
    setField,
    searchNow,
    clear,
    idle,
    results: idle ? undefined : (query.data ?? (query.isError ? lastAnswer : undefined)),
    hasSearched: !idle && (query.data !== undefined || (query.isError && lastAnswer !== undefined)),
    searching: !idle && query.isFetching,
    failed: !idle && query.isError,
    retry: () => void refetch(),
  };
}

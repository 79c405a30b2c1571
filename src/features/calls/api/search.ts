// Who can be called (SPEC §2, §7 "Video call"): the Call tab's employee and group searches,
// POST /video-call/search-employees and POST /video-call/search-groups. Their payloads are inferred
// in the contract (the live-chat employee search's fields; a group name). An answer without its inferred
// `users` or `groups` list matches nobody.
import { useMutation, useQuery } from '@tanstack/react-query';
import { searchVideoCallEmployeesMutation, searchVideoCallGroupsMutation } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoom, Employee } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';
import { employeeByIdOptions } from '../../../api/employees.ts';

export type { Employee };
export type CallGroup = ChatRoom;

export interface PeopleQuery {
  employee_name?: string;
  employee_job_title?: string;
}

/** An empty field does not narrow the search, so it is left out rather than sent as "". */
const filled = (query: PeopleQuery): PeopleQuery =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as PeopleQuery;

/** `signal` aborts a search a newer one replaced (the People search runs as one types). */
export const searchCallPeople = (query: PeopleQuery, signal?: AbortSignal): Promise<Employee[]> =>
  call(searchVideoCallEmployeesMutation())({ body: filled(query), signal }).then((answer) => answer.users ?? []);

export const searchCallGroups = (name: string): Promise<CallGroup[]> =>
  call(searchVideoCallGroupsMutation())({ body: name.trim() ? { name: name.trim() } : {} }).then((answer) => answer.groups ?? []);

// A mutation, not a query: a search runs when the button is pressed (again for the same words too),
// and the observer only reports the latest search, so a slower earlier answer never shows. (People are
// searched as one types: src/shared/people/use-people-search.ts.)
export const useGroupSearch = () => useMutation({ mutationKey: ['calls', 'search-groups'], mutationFn: searchCallGroups });

/** Whom a start-call link names, shown before anything is started. */
export const useCallPerson = (userId: number | undefined) => useQuery(employeeByIdOptions(userId));

// The company directory as live chat sees it (SPEC §2, §3, §5, §7): the v1 employee search of the
// Start Live Chat and Create Group Chat modals, the v2 searches (people not yet in a room; the mass
// search by company, sub-company, outlet and rank) and the org lists behind those filters.
import { useQuery } from '@tanstack/react-query';
import {
  listCompaniesV2Options,
  listOutletsV2Options,
  listRanksV2Options,
  listSubCompaniesV2Options,
  searchEmployeeV2Mutation,
  searchEmployeesMutation,
  searchMassEmployeesV2Mutation,
} from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { Employee, OrgOption, SearchMassEmployeesRequest } from '../../../../generated/http/types.gen.ts';
import { call } from '../../../api/call-mutation.ts';

export type { Employee, OrgOption };
export type MassSearchFilters = SearchMassEmployeesRequest;

/** The v1 employee search of the Start Live Chat and Create Group Chat modals (every field optional). */
export interface EmployeeQuery {
  employee_code?: string;
  employee_name?: string;
  employee_job_title?: string;
}

/** Empty fields are left out: "all fields optional" (SPEC §5) means an empty one does not narrow. */
const filled = <T extends object>(query: T): T =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined))) as T;

// `signal` aborts a search a newer one replaced (the people search as one types).
export const searchEmployees = (query: EmployeeQuery, signal?: AbortSignal): Promise<Employee[]> =>
  call(searchEmployeesMutation())({ body: filled(query), signal }).then((answer) => answer.users);

/** v2: employees who are not yet members of the room (for adding participants). */
export const searchEmployeesNotIn = (roomUuid: string, query: EmployeeQuery, signal?: AbortSignal): Promise<Employee[]> =>
  call(searchEmployeeV2Mutation())({ body: { ...filled(query), chat_room_uuid: roomUuid }, signal }).then((answer) => answer.users ?? []);

export const searchMassEmployees = (filters: MassSearchFilters, signal?: AbortSignal): Promise<{ users: Employee[]; total: number }> =>
  call(searchMassEmployeesV2Mutation())({ body: filled(filters), signal }).then(({ users = [], total }) => ({ users, total: total ?? users.length }));

/** The org lists behind the mass search's filters; sub-companies and outlets follow the choice above them. */
export function useOrgOptions(companyId: string, subCompanyId: string) {
  const companies = useQuery({ ...listCompaniesV2Options(), staleTime: Infinity });
  const subCompanies = useQuery({ ...listSubCompaniesV2Options({ query: companyId ? { company_id: companyId } : {} }), staleTime: Infinity });
  const outlets = useQuery({ ...listOutletsV2Options({ query: subCompanyId ? { sub_company_id: subCompanyId } : {} }), staleTime: Infinity });
  const ranks = useQuery({ ...listRanksV2Options(), staleTime: Infinity });
  return {
    companies: companies.data?.companies ?? [],
    subCompanies: subCompanies.data?.sub_companies ?? [],
    outlets: outlets.data?.outlets ?? [],
    ranks: ranks.data?.ranks ?? [],
    failed: [companies, subCompanies, outlets, ranks].some((query) => query.isError),
  };
}

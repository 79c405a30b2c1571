// Finding people to chat with (directory.ts): the v1 employee search, the v2 search that leaves a
// room's members out, the v2 mass search by org filters (never capped: the app selects every match)
// and the org lists behind those filters. Nobody finds themself.
import type { RequestBody } from '../contract.ts';
import { operation, type OperationHandler, type SandboxRoute } from '../routes.ts';
import { fail, readRequest, roomFor, text, type ChatDeps } from './actions.ts';
import { COMPANIES, EMPLOYEES, OUTLETS, RANKS, SUB_COMPANIES, employeeView, findEmployee, matchesOrg, matchesText, type Employee, type OrgOption, type TextQuery } from './directory.ts';
import { idList } from './groups.ts';

/** The most results a v1 or v2 name search answers (the modals show a short list to pick from). */
export const SEARCH_LIMIT = 50;

const wanted = (value: unknown) => text(value)?.trim().toLowerCase() || undefined;

/** The text fields every employee search may send (the mass search has no employee code). */
type SearchBody = RequestBody<'searchEmployees'> | RequestBody<'searchVideoCallEmployees'> | RequestBody<'searchEmployeeV2'> | RequestBody<'searchMassEmployeesV2'>;

const textQuery = (body: SearchBody): TextQuery => ({
  code: wanted('employee_code' in body ? body.employee_code : undefined),
  name: wanted(body.employee_name),
  jobTitle: wanted(body.employee_job_title),
});

function find(body: SearchBody, exclude: (employee: Employee) => boolean): Employee[] {
  const query = textQuery(body);
  return EMPLOYEES.filter((employee) => !exclude(employee) && matchesText(employee, query));
}

function searchEmployees(): OperationHandler<'searchEmployees'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const users = find(body, (employee) => employee.id === userId).slice(0, SEARCH_LIMIT);
    return context.ok({ users: users.map((employee) => employeeView(context, employee)) });
  };
}

/** The Call tab's search; `user_id` (inferred, a positive whole number) answers that one employee, for the start screen a link opens. */
function searchCallEmployees(): OperationHandler<'searchVideoCallEmployees'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    if (body.user_id === undefined || body.user_id === null) {
      const users = find(body, (employee) => employee.id === userId).slice(0, SEARCH_LIMIT);
      return context.ok({ users: users.map((employee) => employeeView(context, employee)) });
    }
    const employee = body.user_id === userId ? undefined : findEmployee(body.user_id);
    return context.ok({ users: employee ? [employeeView(context, employee)] : [] });
  };
}

function searchEmployeeV2(deps: ChatDeps): OperationHandler<'searchEmployeeV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    let members: readonly number[] = [];
    if (text(body.chat_room_uuid)) {
      const room = roomFor(deps, body.chat_room_uuid, userId);
      if (!room.ok) return room.answer;
      members = room.value.members;
    }
    const found = find(body, (employee) => employee.id === userId || members.includes(employee.id));
    return context.ok({ total: found.length, users: found.slice(0, SEARCH_LIMIT).map((employee) => employeeView(context, employee)) });
  };
}

function searchMassEmployees(): OperationHandler<'searchMassEmployeesV2'> {
  return async (context) => {
    const { userId, body } = await readRequest(context);
    const [companies, subCompanies, outlets, ranks] = [body.companies, body.sub_companies, body.outlets, body.ranks].map(idList);
    if (!companies || !subCompanies || !outlets || !ranks) return fail(422, 'The companies, sub companies, outlets and ranks must be lists of ids.');
    const query = { companies, subCompanies, outlets, ranks };
    const found = find(body, (employee) => employee.id === userId || !matchesOrg(employee, query));
    return context.ok({ total: found.length, users: found.map((employee) => employeeView(context, employee)) });
  };
}

/** An org list, narrowed to one parent by the query parameter when it is given. */
function narrowed(list: readonly OrgOption[], parent: string | null | undefined) {
  const wantedParent = parent?.trim();
  return wantedParent ? list.filter((option) => option.parent_id === wantedParent) : [...list];
}

export function directoryRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    operation('POST', '/live-chat/search-employees', 'searchEmployees', searchEmployees()),
    // The Call tab searches the same directory (its payload is assumed the same: openapi video-call.yaml).
    operation('POST', '/video-call/search-employees', 'searchVideoCallEmployees', searchCallEmployees()),
    operation('POST', '/v2/live-chat/search-employee/', 'searchEmployeeV2', searchEmployeeV2(deps)),
    operation('POST', '/v2/live-chat/search-mass-employees', 'searchMassEmployeesV2', searchMassEmployees()),
    operation('GET', '/v2/live-chat/company-list', 'listCompaniesV2', (context) => context.ok({ companies: [...COMPANIES] })),
    operation('GET', '/v2/live-chat/sub-company-list', 'listSubCompaniesV2', (context) => context.ok({ sub_companies: narrowed(SUB_COMPANIES, context.query.get('company_id')) })),
    operation('GET', '/v2/live-chat/outlet-list', 'listOutletsV2', (context) => context.ok({ outlets: narrowed(OUTLETS, context.query.get('sub_company_id')) })),
    operation('GET', '/v2/live-chat/rank-list', 'listRanksV2', (context) => context.ok({ ranks: [...RANKS] })),
  ];
}

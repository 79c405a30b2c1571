// Finding people to chat with (directory.ts): the v1 employee search, the v2 search that leaves a
// room's members out, the v2 mass search by org filters (never capped: the app selects every match)
// and the org lists behind those filters. Nobody finds themself.
import type { SandboxContext, SandboxRoute } from '../routes.ts';
import { fail, ok, readRequest, roomFor, text, type ChatDeps } from './actions.ts';
import { COMPANIES, EMPLOYEES, OUTLETS, RANKS, SUB_COMPANIES, employeeView, findEmployee, matchesOrg, matchesText, type Employee, type OrgOption, type TextQuery } from './directory.ts';
import { idList } from './groups.ts';

/** The most results a v1 or v2 name search answers (the modals show a short list to pick from). */
export const SEARCH_LIMIT = 50;

const wanted = (value: unknown) => text(value)?.trim().toLowerCase() || undefined;

const textQuery = (body: Record<string, unknown>): TextQuery => ({
  code: wanted(body.employee_code),
  name: wanted(body.employee_name),
  jobTitle: wanted(body.employee_job_title),
});

function find(body: Record<string, unknown>, exclude: (employee: Employee) => boolean): Employee[] {
  const query = textQuery(body);
  return EMPLOYEES.filter((employee) => !exclude(employee) && matchesText(employee, query));
}

function searchEmployees() {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const users = find(body, (employee) => employee.id === userId).slice(0, SEARCH_LIMIT);
    return ok({ users: users.map((employee) => employeeView(context, employee)) });
  };
}

/** The Call tab's search; `user_id` (inferred) answers that one employee, for the start screen a link opens. */
function searchCallEmployees() {
  const byName = searchEmployees();
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    if (body.user_id === undefined || body.user_id === null) return byName(context);
    if (typeof body.user_id !== 'number' || !Number.isInteger(body.user_id) || body.user_id < 1) return fail(422, 'The user id must be a positive whole number.');
    const employee = body.user_id === userId ? undefined : findEmployee(body.user_id);
    return ok({ users: employee ? [employeeView(context, employee)] : [] });
  };
}

function searchEmployeeV2(deps: ChatDeps) {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    let members: readonly number[] = [];
    if (text(body.chat_room_uuid)) {
      const room = roomFor(deps, body.chat_room_uuid, userId);
      if (!room.ok) return room.answer;
      members = room.value.members;
    }
    const found = find(body, (employee) => employee.id === userId || members.includes(employee.id));
    return ok({ total: found.length, users: found.slice(0, SEARCH_LIMIT).map((employee) => employeeView(context, employee)) });
  };
}

function searchMassEmployees() {
  return async (context: SandboxContext) => {
    const { userId, body } = await readRequest(context);
    const [companies, subCompanies, outlets, ranks] = [body.companies, body.sub_companies, body.outlets, body.ranks].map(idList);
    if (!companies || !subCompanies || !outlets || !ranks) return fail(422, 'The companies, sub companies, outlets and ranks must be lists of ids.');
    const query = { companies, subCompanies, outlets, ranks };
    const found = find(body, (employee) => employee.id === userId || !matchesOrg(employee, query));
    return ok({ total: found.length, users: found.map((employee) => employeeView(context, employee)) });
  };
}

/** An org list, narrowed to one parent by the query parameter when it is given. */
function orgList(key: string, list: readonly OrgOption[], parentParam?: string) {
  return (context: SandboxContext) => {
    const parent = parentParam ? context.query.get(parentParam)?.trim() : undefined;
    return ok({ [key]: parent ? list.filter((option) => option.parent_id === parent) : list });
  };
}

export function directoryRoutes(deps: ChatDeps): SandboxRoute[] {
  return [
    { method: 'POST', path: '/live-chat/search-employees', operationId: 'searchEmployees', handle: searchEmployees() },
    // The Call tab searches the same directory (its payload is assumed the same: openapi video-call.yaml).
    { method: 'POST', path: '/video-call/search-employees', operationId: 'searchVideoCallEmployees', handle: searchCallEmployees() },
    { method: 'POST', path: '/v2/live-chat/search-employee/', operationId: 'searchEmployeeV2', handle: searchEmployeeV2(deps) },
    { method: 'POST', path: '/v2/live-chat/search-mass-employees', operationId: 'searchMassEmployeesV2', handle: searchMassEmployees() },
    { method: 'GET', path: '/v2/live-chat/company-list', operationId: 'listCompaniesV2', handle: orgList('companies', COMPANIES) },
    { method: 'GET', path: '/v2/live-chat/sub-company-list', operationId: 'listSubCompaniesV2', handle: orgList('sub_companies', SUB_COMPANIES, 'company_id') },
    { method: 'GET', path: '/v2/live-chat/outlet-list', operationId: 'listOutletsV2', handle: orgList('outlets', OUTLETS, 'sub_company_id') },
    { method: 'GET', path: '/v2/live-chat/rank-list', operationId: 'listRanksV2', handle: orgList('ranks', RANKS) },
  ];
}

// Who is asking: the sandbox signs in any employee of people.ts (by user name `first.last`, employee
// number or e-mail, with any non-empty password) so two browser windows can be two people chatting.
// Its tokens name the user (`sandbox.<userId>.<hex>`), so they survive a sandbox restart; any other
// bearer token (the contract example's, a test's) is Ayu Lestari 42, the contract examples' user, as
// it always was.
import type { User } from '../../../generated/http/types.gen.ts';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PEOPLE, findPerson, pictureUrl, type Person } from '../people.ts';
import { operation, refuse, type OperationHandler, type SandboxContext, type SandboxResource } from '../routes.ts';

export const DEFAULT_USER_ID = 42;

export const usernameOf = (someone: Pick<Person, 'first_name' | 'last_name'>) => `${someone.first_name}.${someone.last_name}`.toLowerCase();
export const emailOf = (someone: Person) => `${usernameOf(someone)}@company.example`;

export function findByLogin(login: string): Person | undefined {
  const wanted = login.trim().toLowerCase();
  if (!wanted) return undefined;
  return PEOPLE.find((someone) => usernameOf(someone) === wanted || someone.employee_number === wanted || emailOf(someone) === wanted);
}

export const tokenFor = (userId: number) => `sandbox.${userId}.${randomBytes(12).toString('hex')}`;

/** The user a bearer token stands for: a sandbox token's user, anyone else Ayu Lestari. */
export function userIdFromToken(token: string | undefined): number {
  const id = Number(/^sandbox\.(\d+)\.[0-9a-f]+$/.exec(token ?? '')?.[1]);
  return findPerson(id) ? id : DEFAULT_USER_ID;
}

/**
 * The contract's login example token (`openapi/paths/auth.yaml`, `login` 200 `success`): what an app
 * signed in against Prism's examples (the browser tests' `signIn`) carries. It stands for Ayu.
 */
export const CONTRACT_EXAMPLE_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.mock.token';

/**
 * The user of a token the sandbox knows, for the realtime sockets (which, unlike the HTTP calls, take
 * no stranger as Ayu): a sign-in token of an employee of people.ts, or the contract's example token.
 * Undefined for anything else.
 */
export function knownUserIdFromToken(token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const bare = token.replace(/^Bearer\s+/i, '');
  if (bare === CONTRACT_EXAMPLE_TOKEN) return DEFAULT_USER_ID;
  const id = Number(/^sandbox\.(\d+)\.[0-9a-f]+$/.exec(bare)?.[1]);
  return findPerson(id) ? id : undefined;
}

export function userIdFromRequest(request: IncomingMessage): number {
  return userIdFromToken(/^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1]);
}

/** The contract's User for a person (the user-data and login answers). */
export function userView(context: Pick<SandboxContext, 'publicUrl'>, someone: Person): User {
  const picture = pictureUrl(context, someone);
  return {
    id: someone.id,
    first_name: someone.first_name,
    last_name: someone.last_name,
    email: emailOf(someone),
    phone_number: `+62812${String(someone.id * 7919).padStart(7, '0')}`,
    employee_number: someone.employee_number,
    username: usernameOf(someone),
    ess_company_id: 3,
    profile_picture_url: picture,
    signed_profile_picture_url: picture,
    created_at: '2021-03-01T08:00:00Z',
    updated_at: '2026-11-20T09:15:00Z',
    deleted_at: null,
  };
}

const login: OperationHandler<'login'> = async (context) => {
  const { username, password } = await context.body();
  if (!username || !password) return { status: 422, json: { ...refuse(422, 'The username and password fields are required.').json, message: 'The given data was invalid.' } };
  const someone = findByLogin(username);
  if (!someone) return refuse(401, 'These credentials do not match our records.');
  return context.ok({ access_token: tokenFor(someone.id), token_type: 'Bearer', user: userView(context, someone) });
};

const userData: OperationHandler<'getUserData'> = (context) => {
  const someone = findPerson(userIdFromRequest(context.request))!;
  return context.ok({ changed_password: 1, compliance_ping: 0, user: userView(context, someone) });
};

/** login and user-data; login is the one contract operation the sandbox answers without a token. */
export function createIdentityResource(): SandboxResource {
  return {
    name: 'identity',
    routes: [
      operation('POST', '/auth/login', 'login', login),
      operation('GET', '/auth/user-data', 'getUserData', userData),
    ],
  };
}

// The sandbox's route table: each resource file (feed.ts, forum.ts, quick-links.ts, avatars.ts…)
// exports a factory returning its routes; server.ts matches a request against them in order and
// forwards everything that matches none to Prism. A route that names a contract operation
// (`operationId`) answers only when the request does not ask Prism for an example (`Prefer`) and the
// browser is not pinned to the contract's examples (EXAMPLES_COOKIE); routes without one are the
// sandbox's own pages and images (under /__sandbox/) and always answer.
//
// Contract routes are declared with `operation(…)`: the handler's request body is the one the
// contract's generated schema parsed (server.ts refuses any other with 422), and what it answers is
// typed with the operation's generated success type or the error envelope (contract.ts).
import type { IncomingMessage } from 'node:http';
import { readBody } from '../realtime/http.ts';
import { parseRequestBody, refusedBody, requestSchema, type ErrorBody, type OperationId, type RequestBody, type SuccessBody } from './contract.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Headers = Record<string, string>;

export type SandboxAnswer =
  | { status?: number; json: unknown; headers?: Headers }
  | { status?: number; body: string | Uint8Array; contentType: string; headers?: Headers };

/** A refusal in the contract's error envelope (with an error status, or inside a 200 as the backend also does). */
export interface ErrorAnswer {
  status?: number;
  json: ErrorBody;
  headers?: Headers;
}

/** An operation's success answer, typed with the generated type of its 200 body. */
export interface SuccessAnswer<Op extends OperationId> {
  status?: 200;
  json: SuccessBody<Op>;
  headers?: Headers;
}

export type OperationAnswer<Op extends OperationId> = SuccessAnswer<Op> | ErrorAnswer;

export interface SandboxContext {
  request: IncomingMessage;
  /** Path parameters, decoded; a trailing `*` in the route's path is captured as `params['*']`. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Reads a JSON or form body (once); on a contract route, the body its request schema parsed. */
  body(): Promise<Record<string, unknown>>;
  /** An absolute URL, reachable from the browser, for one of the sandbox's own paths ('/__sandbox/…'). */
  publicUrl(path: string): string;
}

/** What an operation's handler gets: the body as the contract reads it, and `ok` typed with its success answer. */
export interface OperationContext<Op extends OperationId> extends Omit<SandboxContext, 'body'> {
  body(): Promise<RequestBody<Op>>;
  /** 200 with the success answer (the envelope's `error: false, status_code: 200` added). */
  ok(body: Omit<SuccessBody<Op>, 'error' | 'status_code' | 'error_message'>): SuccessAnswer<Op>;
}

export type OperationHandler<Op extends OperationId> = (context: OperationContext<Op>) => OperationAnswer<Op> | Promise<OperationAnswer<Op>>;

export interface SandboxRoute {
  method: HttpMethod;
  /** As in the contract with `:name` for a parameter (`/ess/Forum/comment-likes/:comment_id`); may end in `/*`. */
  path: string;
  /** The contract operation this answers; absent for the sandbox's own pages and images. */
  operationId?: string;
  /**
   * The route reads its multipart body itself (uploads) and checks it against the contract with
   * `parseRequestBody(operationId, formAsBody(…))`; any other contract route's body is parsed before
   * its handler runs.
   */
  readsForm?: boolean;
  handle(context: SandboxContext): SandboxAnswer | Promise<SandboxAnswer>;
}

/** Thrown by a form route's `body()` when the contract refuses it; the server answers the 422. */
export class RequestRefused extends Error {
  readonly answer: ErrorAnswer;
  constructor(answer: ErrorAnswer) {
    super(answer.json.error_message ?? 'The given data was invalid.');
    this.answer = answer;
  }
}

/** A contract operation's route: typed request body and answers (see contract.ts). */
export function operation<Op extends OperationId>(
  method: HttpMethod,
  path: string,
  operationId: Op,
  handle: OperationHandler<Op>,
  options: { readsForm?: boolean } = {},
): SandboxRoute {
  return {
    method,
    path,
    operationId,
    ...options,
    handle: async (context) => {
      let parsed: Promise<RequestBody<Op>> | undefined;
      const body = () =>
        (parsed ??= context.body().then(
          (raw) => {
            const checked = parseRequestBody(operationId, raw);
            if (!checked.ok) throw new RequestRefused(checked.answer);
            return checked.value as RequestBody<Op>;
          },
          () => {
            throw new RequestRefused(refusedBody('The request body could not be read as JSON or a form.'));
          },
        ));
      // Every body the contract describes is checked before the handler runs, read by it or not.
      if (!options.readsForm && requestSchema(operationId)) await body();
      return handle({
        ...context,
        body,
        ok: (answer) => ({ status: 200, json: { error: false, status_code: 200, ...answer } as SuccessBody<Op> }),
      });
    },
  };
}

export interface SandboxResource {
  name: string;
  routes: SandboxRoute[];
  /** Clears its timers (the sandbox stopped, or reset to fresh resources). */
  stop?(): void;
}

/** Set by the browser tests (tests/e2e/support/app.ts): every contract operation then gets Prism's examples. */
export const EXAMPLES_COOKIE = { name: 'ess-mock-data', value: 'contract-examples' } as const;

/**
 * Set by the browser tests (preferExample, tests/e2e/support/app.ts): a request to one of its paths goes
 * to Prism as if it carried the `Prefer` header given for that path (one of the contract's named
 * examples, or a status). Its value is the URI-encoded JSON of `{ "<sandbox path>": "<Prefer>" }`. A
 * cookie rather than a header added by intercepting the browser's requests: interception doubles the
 * browser's work of loading the app.
 */
export const PREFER_COOKIE = 'ess-mock-prefer';

/** The cookie's value for these preferences. */
export const preferCookieValue = (preferences: Readonly<Record<string, string>>): string => encodeURIComponent(JSON.stringify(preferences));

/** The preferences a PREFER_COOKIE value holds (none when it is not one). */
export function preferencesOf(value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The backend's error envelope. */
export function errorBody(statusCode: number | string, message: string): ErrorBody {
  return { error: true, status_code: statusCode, error_message: message };
}

/** A refusal with its status and the envelope. */
export const refuse = (status: number, message: string): ErrorAnswer => ({ status, json: errorBody(status, message) });

export const json = (body: unknown, status = 200): SandboxAnswer => ({ status, json: body });

export interface CompiledRoute extends SandboxRoute {
  pattern: RegExp;
  names: string[];
}

export function compileRoute(route: SandboxRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.+)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}$`), names };
}

export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

export function matchRoute(routes: readonly CompiledRoute[], method: string, pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    try {
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
    } catch {
      continue; // a malformed escape is no match
    }
    return { route, params };
  }
  return undefined;
}

export function createContext(request: IncomingMessage, url: URL, params: Record<string, string>, publicBase: string): SandboxContext {
  let body: Promise<Record<string, unknown>> | undefined;
  return {
    request,
    params,
    query: url.searchParams,
    body: () => (body ??= readBody(request)),
    publicUrl: (path) => `${publicBase}${path}`,
  };
}

/** A page parameter as Laravel reads it: a positive integer, anything else is page 1. */
export function pageParam(query: URLSearchParams): number {
  const page = Number(query.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Laravel's paginator over a list: the page's items and the `meta` the contract describes. */
export function paginate<T>(items: readonly T[], page: number, perPage: number) {
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(items.length / perPage)), per_page: perPage, total: items.length },
  };
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

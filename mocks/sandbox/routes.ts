// The sandbox's route table: each resource file (feed.ts, forum.ts, quick-links.ts, avatars.ts…)
// exports a factory returning its routes; server.ts matches a request against them in order and
// forwards everything that matches none to Prism. A route that names a contract operation
// (`operationId`) answers only when the request does not ask Prism for an example (`Prefer`) and the
// browser is not pinned to the contract's examples (EXAMPLES_COOKIE); routes without one are the
// sandbox's own pages and images (under /__sandbox/) and always answer.
import type { IncomingMessage } from 'node:http';
import { readBody } from '../realtime/http.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SandboxAnswer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: string | Uint8Array; contentType: string; headers?: Record<string, string> };

export interface SandboxContext {
  request: IncomingMessage;
  /** Path parameters, decoded; a trailing `*` in the route's path is captured as `params['*']`. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Reads a JSON or form body (once). */
  body(): Promise<Record<string, unknown>>;
  /** An absolute URL, reachable from the browser, for one of the sandbox's own paths ('/__sandbox/…'). */
  publicUrl(path: string): string;
}

export interface SandboxRoute {
  method: HttpMethod;
  /** As in the contract with `:name` for a parameter (`/ess/Forum/comment-likes/:comment_id`); may end in `/*`. */
  path: string;
  /** The contract operation this answers; absent for the sandbox's own pages and images. */
  operationId?: string;
  handle(context: SandboxContext): SandboxAnswer | Promise<SandboxAnswer>;
}

export interface SandboxResource {
  name: string;
  routes: SandboxRoute[];
}

/** Set by the browser tests (tests/e2e/support/app.ts): every contract operation then gets Prism's examples. */
export const EXAMPLES_COOKIE = { name: 'ess-mock-data', value: 'contract-examples' } as const;

/** The backend's error envelope. */
export function errorBody(statusCode: number | string, message: string) {
  return { error: true, status_code: statusCode, error_message: message };
}

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

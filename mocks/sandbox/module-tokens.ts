// Web-module tokens (POST /auth/module-token, inferred): what the app hands a web module instead of
// the user's bearer token. The sandbox issues a random token bound to the signed-in employee and to
// one module (a route of SPEC §2), for MODULE_TOKEN_TTL_S seconds, and records it. Such a token is
// good for that module only: server.ts refuses it (401) as the bearer token of any API call, and
// POST /__sandbox/module-tokens/introspect answers, as a module's backend would ask, whether a token
// is active for a given module. GET /__sandbox/module-tokens lists what was issued.
import { randomBytes } from 'node:crypto';
import { APP_ROUTES } from '../../src/shared/routes/app-routes.ts';
import { userIdFromRequest } from './chat/identity.ts';
import { json, operation, refuse, type SandboxResource } from './routes.ts';

/** Five minutes: long enough for a module to start its own session, short enough to be worth little if it leaks. */
export const MODULE_TOKEN_TTL_S = 300;

const MODULE_TOKEN = /^mt_[0-9a-f]{32}$/;
const MODULE_PATH = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;

/** Whether a bearer token is a module token (never accepted by the app's API). */
export const isModuleToken = (token: string | undefined): boolean => MODULE_TOKEN.test(token ?? '');

export interface IssuedModuleToken {
  token: string;
  user_id: number;
  module: string;
  scope: string;
  issued_at: string;
  expires_at: string;
}

/** Whether a module path (parameters filled in) is one of SPEC §2's routes. */
function isKnownModule(path: string): boolean {
  const segments = path.split('/');
  return APP_ROUTES.some((route) => {
    const pattern = route.path.split('/');
    return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
  });
}

export function createModuleTokensResource({ now = Date.now }: { now?: () => number } = {}): SandboxResource {
  const issued = new Map<string, IssuedModuleToken>();
  const active = (record: IssuedModuleToken | undefined) => record !== undefined && Date.parse(record.expires_at) > now();
  return {
    name: 'module-tokens',
    routes: [
      operation('POST', '/auth/module-token', 'createModuleToken', async (context) => {
          const { module } = await context.body();
          if (!MODULE_PATH.test(module) || !isKnownModule(module)) return refuse(422, 'The selected module is invalid.');
          const token = `mt_${randomBytes(16).toString('hex')}`;
          const scope = `module:${module}`;
          // One reading of the clock: two could fall either side of a millisecond.
          const issuedAt = now();
          issued.set(token, {
            token,
            user_id: userIdFromRequest(context.request),
            module,
            scope,
            issued_at: new Date(issuedAt).toISOString(),
            expires_at: new Date(issuedAt + MODULE_TOKEN_TTL_S * 1000).toISOString(),
          });
          return context.ok({ token, expires_in: MODULE_TOKEN_TTL_S, scope });
      }),
      {
        method: 'GET',
        path: '/__sandbox/module-tokens',
        handle: () => json({ tokens: [...issued.values()].map((record) => ({ ...record, active: active(record) })) }),
      },
      {
        // What a module's backend asks (in the spirit of OAuth token introspection, RFC 7662): is this
        // token active for my module, and for whom?
        method: 'POST',
        path: '/__sandbox/module-tokens/introspect',
        handle: async (context) => {
          const { token, module } = await context.body();
          const record = typeof token === 'string' ? issued.get(token) : undefined;
          if (!record || !active(record) || record.module !== module) return json({ active: false });
          return json({ active: true, user_id: record.user_id, scope: record.scope, exp: Math.floor(Date.parse(record.expires_at) / 1000) });
        },
      },
    ],
  };
}

// The web modules' one call: a short-lived token scoped to one module (POST /auth/module-token, inferred),
// handed to that module instead of the user's bearer token. Asked only when a module asks for the
// session, never cached: each module load gets its own token.
import { createModuleTokenMutation } from '../../../generated/http/@tanstack/react-query.gen.ts';
import type { ModuleTokenResponse } from '../../../generated/http/types.gen.ts';
import { ApiError } from '../../api/api-error.ts';
import { call } from '../../api/call-mutation.ts';

export type ModuleToken = Pick<ModuleTokenResponse, 'token' | 'expires_in' | 'scope'>;

/** The statuses of a backend without the call: no route (404), a method it lacks (405), or not implemented (501). */
const NOT_OFFERED = new Set([404, 405, 501]);

/** Whether a failure means the backend does not issue module tokens at all (then the app may fall back). */
export function isModuleTokenNotOffered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'http') return NOT_OFFERED.has(error.status ?? 0);
  if (error.kind === 'body') return NOT_OFFERED.has(Number((error.body as { status_code?: unknown } | undefined)?.status_code));
  return false;
}

/** A token for the module at `path` (its route path as opened, no leading slash). */
export async function requestModuleToken(path: string): Promise<ModuleToken> {
  const { token, expires_in, scope } = await call(createModuleTokenMutation())({ body: { module: path } });
  return { token, expires_in, scope };
}

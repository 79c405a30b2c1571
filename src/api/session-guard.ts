// No session, no call that needs one (issue 33: logout ends every tab). Once a session has ended, here or
// in another tab, nothing still running in this page (an outbox's retry, a call's hang-up, a late screen)
// may go out with the ended session's token, nor without any: every operation the contract secures is
// refused before it is sent while the client holds no token, and fails as the server would answer it
// (an HTTP 401, which ends no session: it carries none, client.ts). Operations that need no session (the
// sign-in, the texts, over-the-air updates) and the logout call, which carries its token itself, go.
// Installed once the first screen is up (src/features/session/session-sync.ts), keeping it out of the
// start JavaScript: before that no session has ended in this page.
import { ApiError } from './api-error.ts';
import { client } from './client.ts';
import { lazyValue } from './lazy-value.ts';

/** The guard's request interceptor, installed on first use (its id in the client's interceptors). */
const guard = lazyValue(() =>
  client.interceptors.request.use((request, options) => {
    if (options.security?.length && !request.headers.has('Authorization')) throw new ApiError('http', 401, undefined);
    return request;
  }),
);

/** Installs the guard; once, however often it is called. */
export function refuseCallsWithoutSession(): void {
  guard.get();
}

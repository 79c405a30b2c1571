// The session's calls (SPEC §4, §7): sign in, sign out, the user's data, the password change and the push
// device. Body errors arrive as thrown ApiErrors (src/api), so every function here resolves only
// with a success answer. Loaded on demand: the login screen pulls it in when the form is sent.
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { changePasswordMutation, getUserDataOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { login, logout, saveDevice } from '../../../generated/http/sdk.gen.ts';
import type { LoginRequest, LoginResponse, User, UserDataResponse } from '../../../generated/http/types.gen.ts';

/**
 * The user the last sign-in answer named (`user`, x-inferred and optional), for a user-data answer
 * without one. Every sign-in replaces it, so it never outlives the session it came with.
 */
let signedInUser: User | undefined;

/**
 * The user's data, always asked afresh (the login flow acts on what it says). SPEC §3 names only
 * changed_password, compliance_ping, error and status_code; the `user` the contract infers is optional,
 * and an answer without it keeps the user of the sign-in (the session also keeps the stored one).
 */
export async function fetchUserData(queryClient: QueryClient): Promise<UserDataResponse> {
  const answer = await queryClient.fetchQuery({ ...getUserDataOptions(), staleTime: 0 });
  return answer.user !== undefined || signedInUser === undefined ? answer : { ...answer, user: signedInUser };
}

export async function signInWithPassword(credentials: LoginRequest): Promise<LoginResponse> {
  const { data } = await login({ body: credentials, throwOnError: true });
  signedInUser = data.user;
  return data;
}

/** How long the sign-out call may take; logout never waits for it, this only ends a hanging request. */
export const SIGN_OUT_TIMEOUT_MS = 10_000;

/**
 * POST /auth/logout (x-inferred): the server revokes the token. The ending session's token is passed in,
 * since the logout flow clears the client's own at once.
 */
export async function signOutOnServer(token: string, timeoutMs = SIGN_OUT_TIMEOUT_MS): Promise<void> {
  await logout({ auth: token, signal: AbortSignal.timeout(timeoutMs), throwOnError: true });
}

export function useChangePassword() {
  return useMutation(changePasswordMutation());
}

export async function saveDeviceToken(userId: number, pushToken: string): Promise<void> {
  await saveDevice({ body: { user_id: userId, push_token: pushToken }, throwOnError: true });
}

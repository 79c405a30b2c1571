// The session's calls (SPEC §4, §7): sign in, sign out, the user's data, the password change and the push
// device. Body errors arrive as thrown ApiErrors (src/api), so every function here resolves only
// with a success answer. Loaded on demand: the login screen pulls it in when the form is sent.
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { changePasswordMutation, getUserDataOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { login, logout, saveDevice } from '../../../generated/http/sdk.gen.ts';
import type { LoginRequest, LoginResponse, UserDataResponse } from '../../../generated/http/types.gen.ts';

/**
 * The user's data, always asked afresh (the login flow acts on what it says). SPEC §3 names only
 * changed_password, compliance_ping, error and status_code; the `user` the contract infers is optional,
 * and the session fills an answer without it (the user of the sign-in, else the stored one).
 */
export async function fetchUserData(queryClient: QueryClient): Promise<UserDataResponse> {
  return queryClient.fetchQuery({ ...getUserDataOptions(), staleTime: 0 });
}

/** The login call; its answer's `user` (x-inferred, optional) goes to the session with the token. */
export async function signInWithPassword(credentials: LoginRequest): Promise<LoginResponse> {
  const { data } = await login({ body: credentials, throwOnError: true });
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

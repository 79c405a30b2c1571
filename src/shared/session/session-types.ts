// The session as the rest of the app sees it (SPEC §4). The session feature implements it; the app
// shell and any feature that shows who is signed in read it through session-context.tsx.
import type { UserDataResponse } from '../../api/models.ts';

export type SessionStatus = 'starting' | 'signed-in' | 'signed-out' | 'unreachable';

export interface SessionState {
  status: SessionStatus;
  userData?: UserDataResponse;
}

export interface SessionController {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** App start: the stored access token decides which flow runs. */
  start(): Promise<void>;
  /**
   * After the login call answered with a token. `user`: the user that answer named (x-inferred and
   * optional), kept for this session's user-data answers that name none.
   */
  signIn(accessToken: string, user?: UserDataResponse['user']): Promise<void>;
  /** The logout flow (also on any 401, and when another tab ended the session: src/features/session/session-sync.ts). */
  signOut(): Promise<void>;
  /** After a successful password change: the user data now says changed_password 1. */
  refreshUserData(): Promise<void>;
  /** After a successful password change: fresh user data, then redirect_to if one is kept, else /home. */
  completePasswordChange(): Promise<void>;
  /** From the "cannot reach the server" screen. */
  retry(): Promise<void>;
}

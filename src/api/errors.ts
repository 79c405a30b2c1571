// The error catalogue of SPEC §8: one typed mapping from a failed call (where it happened, what came
// back) to what the user sees and where they end up. Screens never write their own error texts.
import { ApiError } from './api-error.ts';

/** The i18n keys of the catalogue's texts (public/assets/i18n/{lang}.json holds them verbatim in English). */
export const ERROR_KEYS = {
  header: 'errors.header', // "Error"
  alertHeader: 'errors.alertHeader', // "Alert"
  ok: 'common.ok', // "Ok"
  loading: 'common.loading', // "Loading..."
  default: 'errors.default', // "Sorry, something went wrong. Please try again later."
  changePassword: 'errors.changePassword', // "Please change your password to continue."
  loginAgain: 'errors.loginAgain', // "Sorry, something went wrong. Please log in again."
  checkConnection: 'errors.checkConnection', // "... check your internet connection and try again."
  checkConnectionLater: 'errors.checkConnectionLater', // "... check your internet connection and try again later."
  sso: 'errors.sso', // "Something went wrong. Please try again later!"
  fileTooLarge: 'errors.fileTooLarge', // Beyond SPEC §8: a 413 on an upload names the cause.
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

/** Where the call was made: the catalogue's answers differ per place (SPEC §8). */
export type ErrorContext = 'login' | 'likes' | 'userData' | 'more' | 'jobPortal' | 'sso' | 'upload' | 'general';

/** What went wrong, whatever shape it arrived in (HTTP status, error in a 200 body, no answer, bad answer). */
export type Failure =
  | { type: 'change-password' }
  | { type: 'unauthorized'; message?: string }
  | { type: 'server'; message?: string; inBody?: boolean }
  | { type: 'network' }
  | { type: 'too-large' }
  | { type: 'malformed' };

/** After the alert: go to /change-password, log out, close the modal that made the call, or stay. */
export type FailureOutcome = 'change-password' | 'logout' | 'close' | 'stay';

export interface UserFacingError {
  /** i18n key of the dialog header ("Error"). */
  header: ErrorKey;
  /** What the dialog says: a catalogue text, the server's own message, or nothing (no dialog). */
  message: { key: ErrorKey } | { text: string } | null;
  then: FailureOutcome;
  /** SPEC §8: a 401 in the likes answer removes the stored token before the alert. */
  removeToken?: boolean;
  /** SPEC §8: on a network failure the likes modal closes first, then the message shows. */
  closeFirst?: boolean;
}

interface ErrorEnvelope {
  error?: unknown;
  status_code?: unknown;
  error_message?: unknown;
  message?: unknown;
}

const CHANGE_PASSWORD_CODES = new Set(['CHANGE_PASS', 'CHANGE_PASSWORD']);

function serverMessage(body: ErrorEnvelope): string | undefined {
  const text = body.error_message ?? body.message;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

function classifyEnvelope(body: ErrorEnvelope, inBody: boolean): Failure {
  const code = body.status_code === undefined || body.status_code === null ? '' : String(body.status_code).trim();
  if (CHANGE_PASSWORD_CODES.has(code)) return { type: 'change-password' };
  if (code === '401') return { type: 'unauthorized', message: serverMessage(body) };
  return { type: 'server', message: serverMessage(body), inBody };
}

/** A thrown error from a generated call (or anything else thrown) as a Failure. */
export function failureFromError(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return { type: 'network' };
    if (error.kind === 'malformed') return { type: 'malformed' };
    // A 2xx answer carrying the error envelope (src/api/client.ts turns it into this error).
    if (error.kind === 'body') return classifyEnvelope(error.body as ErrorEnvelope, true);
    if (error.status === 413) return { type: 'too-large' };
    if (error.status === 401) {
      const body = typeof error.body === 'object' && error.body !== null ? (error.body as ErrorEnvelope) : {};
      return { type: 'unauthorized', message: serverMessage(body) };
    }
    if (typeof error.body === 'object' && error.body !== null) return classifyEnvelope(error.body as ErrorEnvelope, false);
    return { type: 'server' };
  }
  // A TypeError from fetch that did not pass through the client: treat as no answer.
  if (error instanceof TypeError) return { type: 'network' };
  return { type: 'malformed' };
}

const show = (key: ErrorKey) => ({ key });
const serverOr = (failure: { message?: string }, fallback: ErrorKey) =>
  failure.message ? { text: failure.message } : show(fallback);

/** SPEC §8, entry by entry. */
export function describeFailure(context: ErrorContext, failure: Failure): UserFacingError {
  const header = ERROR_KEYS.header;
  switch (failure.type) {
    case 'change-password':
      return { header, message: context === 'likes' ? show(ERROR_KEYS.changePassword) : null, then: 'change-password' };
    case 'unauthorized':
      // Signing in with wrong credentials is a 401 too: say what the server said, stay on the form.
      if (context === 'login') return { header, message: serverOr(failure, ERROR_KEYS.default), then: 'stay' };
      if (context === 'likes') return { header, message: show(ERROR_KEYS.loginAgain), then: 'logout', removeToken: true };
      return { header, message: null, then: 'logout' };
    case 'server':
      if (context === 'sso') return { header, message: serverOr(failure, ERROR_KEYS.sso), then: 'stay' };
      // User data: an error in the body shows its message; a failed request asks to log in again.
      if (context === 'userData') {
        return { header, message: failure.inBody ? serverOr(failure, ERROR_KEYS.loginAgain) : show(ERROR_KEYS.loginAgain), then: 'stay' };
      }
      return { header, message: serverOr(failure, ERROR_KEYS.default), then: context === 'likes' ? 'close' : 'stay' };
    case 'network':
      switch (context) {
        case 'likes':
          return { header, message: show(ERROR_KEYS.default), then: 'close', closeFirst: true };
        case 'login':
        case 'userData':
        case 'jobPortal':
          return { header, message: show(ERROR_KEYS.checkConnection), then: 'stay' };
        case 'upload':
          return { header, message: show(ERROR_KEYS.checkConnectionLater), then: 'stay' };
        case 'sso':
          return { header, message: show(ERROR_KEYS.sso), then: 'stay' };
        default:
          return { header, message: show(ERROR_KEYS.default), then: 'stay' };
      }
    case 'too-large':
      return { header, message: show(ERROR_KEYS.fileTooLarge), then: 'stay' };
    case 'malformed':
      // The answer broke the contract: nothing the user can do but try later. User data that cannot be
      // read is a failed sign-in (SPEC §8: "Non-401 failure of user-data").
      if (context === 'userData') return { header, message: show(ERROR_KEYS.loginAgain), then: 'stay' };
      if (context === 'sso') return { header, message: show(ERROR_KEYS.sso), then: 'stay' };
      return { header, message: show(ERROR_KEYS.default), then: context === 'likes' ? 'close' : 'stay' };
  }
}

/** Shorthand: a thrown error straight to what the user sees. */
export function describeError(context: ErrorContext, error: unknown): UserFacingError {
  return describeFailure(context, failureFromError(error));
}

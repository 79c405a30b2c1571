// Most calls answer HTTP 200 with `error: true` in the body (CHANGE_PASS, 401 as a number or a string,
// anything else with its error_message). Turning that into a rejection lets TanStack Query put the call
// in its error state, and the catalogue then reads it like any other failed answer.
import { ApiError } from '../../api/api-error.ts';
import { failureFromBody } from '../../api/errors.ts';

/** The answer as is, or a rejection carrying the body when the body says the call failed. */
export function rejectBodyError<T>(body: T): T {
  // Status 200 with the error envelope as its body: failureFromError classifies it by status_code.
  if (failureFromBody(body)) throw new ApiError('http', 200, body);
  return body;
}

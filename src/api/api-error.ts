// Every failed generated-SDK call reaches screens as an ApiError (the client's error interceptor
// wraps it), so a screen never has to guess whether it got a body, a TypeError or a ZodError.
import { getParseAs } from '../../generated/http/client/utils.gen.ts';

/**
 * network: no answer at all; http: an answer with an error status; body: a 2xx answer whose body is
 * the error envelope (`error: true`, the backend's usual way); malformed: the answer failed the
 * contract's zod schema.
 */
export type ApiErrorKind = 'network' | 'http' | 'body' | 'malformed';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(kind: ApiErrorKind, status: number | undefined, body: unknown, cause?: unknown) {
    super(`API ${kind} error${status === undefined ? '' : ` ${status}`}`, { cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** A failed schema check, from zod (`ZodError`) or zod/mini (`$ZodError`), which the generated validators use. */
function isZodError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, issues } = error as { name?: unknown; issues?: unknown };
  return (name === 'ZodError' || name === '$ZodError') && Array.isArray(issues);
}

/**
 * The contract's ErrorBody (`error: true`, `status_code`). Only `error: true` decides: an answer that
 * says it failed is never taken for a success, even when it forgets its status code.
 */
export function isErrorEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

/** Turns what the generated client caught into an ApiError; `response` is undefined when nothing answered. */
export function toApiError(error: unknown, response: Response | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (isZodError(error)) return new ApiError('malformed', response?.status, undefined, error);
  if (response === undefined) return new ApiError('network', undefined, undefined, error);
  if (response.ok) return new ApiError('malformed', response.status, undefined, error);
  return new ApiError('http', response.status, error);
}

const isJson = (response: Response) => /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');

/** What the generated client lets an interceptor see of the call's options. */
interface ParseOptions {
  parseAs?: string;
  responseValidator?: (data: unknown) => Promise<unknown> | unknown;
}

/**
 * A response interceptor for every generated client: most calls answer 200 with `error: true` in the
 * body (CHANGE_PASS, 401 as a number or a string, any other error with its error_message). Thrown
 * before the contract's success schema is checked, it reaches every caller as one ApiError of kind
 * 'body', which the catalogue reads like any other failure.
 *
 * A body the client parses as JSON is checked once the client has parsed it, first thing in the call's
 * response check (the client calls that check with the parsed body, after the interceptors): reading a
 * clone here parsed every answer twice, some 25 ms for a 5,000-room chat home on a phone. Any other
 * body (a call that reads it as text or a blob) is read from a clone here, as before.
 */
export async function rejectErrorEnvelope(response: Response, _request?: Request, options?: ParseOptions): Promise<Response> {
  if (!response.ok || response.status === 204 || !isJson(response)) return response;
  const parseAs = options?.parseAs === 'auto' ? getParseAs(response.headers.get('Content-Type')) : options?.parseAs;
  if (options && (parseAs ?? 'json') === 'json') {
    const check = options.responseValidator;
    options.responseValidator = async (data: unknown) => {
      if (isErrorEnvelope(data)) throw new ApiError('body', response.status, data);
      if (check) await check(data);
    };
    return response;
  }
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined); // Not JSON after all: the schema check reports it as malformed.
  if (isErrorEnvelope(body)) throw new ApiError('body', response.status, body);
  return response;
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError, isErrorEnvelope, toApiError } from './api-error.ts';
import {
  ERROR_KEYS,
  describeError,
  describeFailure,
  failureFromError,
  type ErrorContext,
  type Failure,
} from './errors.ts';

const CONTEXTS: ErrorContext[] = ['login', 'likes', 'userData', 'more', 'jobPortal', 'sso', 'upload', 'general'];

/** A body-level failure (a 200 with `error: true`), as the client reports it. */
function fromBody(body: unknown): Failure {
  expect(isErrorEnvelope(body)).toBe(true);
  return failureFromError(new ApiError('body', 200, body));
}

const network = () => new ApiError('network', undefined, undefined, new TypeError('Failed to fetch'));
const http = (status: number, body?: unknown) => new ApiError('http', status, body);
const malformed = () => new ApiError('malformed', 200, undefined);

describe('SPEC §8: change password', () => {
  it('likes answering CHANGE_PASS alerts "change your password", then goes to /change-password', () => {
    const failure = fromBody({ error: true, status_code: 'CHANGE_PASS', error_message: 'ignored' });
    expect(failure).toEqual({ type: 'change-password' });
    expect(describeFailure('likes', failure)).toEqual({
      header: 'errors.header',
      message: { key: 'errors.changePassword' },
      then: 'change-password',
    });
  });

  it.each<ErrorContext>(['more', 'jobPortal'])('%s answering CHANGE_PASSWORD goes to /change-password without a message', (context) => {
    const failure = fromBody({ error: true, status_code: 'CHANGE_PASSWORD' });
    expect(failure).toEqual({ type: 'change-password' });
    const shown = describeFailure(context, failure);
    expect(shown.message).toBeNull();
    expect(shown.then).toBe('change-password');
  });

  it('recognises the code in an HTTP error body too', () => {
    expect(failureFromError(http(403, { error: true, status_code: 'CHANGE_PASSWORD' }))).toEqual({ type: 'change-password' });
  });

  it('tolerates spaces around the code', () => {
    expect(fromBody({ error: true, status_code: ' CHANGE_PASS ' })).toEqual({ type: 'change-password' });
  });
});

describe('SPEC §8: 401', () => {
  it.each([[401], ['401']])('a %j status in a likes body removes the token, says "log in again", then logs out', (code) => {
    const failure = fromBody({ error: true, status_code: code, error_message: 'Unauthenticated.' });
    expect(failure).toEqual({ type: 'unauthorized', message: 'Unauthenticated.' });
    expect(describeFailure('likes', failure)).toEqual({
      header: 'errors.header',
      message: { key: 'errors.loginAgain' },
      then: 'logout',
      removeToken: true,
    });
  });

  it.each(CONTEXTS.filter((context) => context !== 'likes' && context !== 'login'))('an HTTP 401 in %s logs out', (context) => {
    const failure = failureFromError(http(401, { message: 'Unauthenticated.' }));
    expect(failure).toMatchObject({ type: 'unauthorized' });
    expect(describeFailure(context, failure)).toEqual({ header: 'errors.header', message: null, then: 'logout' });
  });

  it('an HTTP 401 without any body is still a 401', () => {
    expect(failureFromError(http(401))).toEqual({ type: 'unauthorized' });
    expect(describeError('general', http(401)).then).toBe('logout');
  });

  it('an HTTP 401 in likes removes the token and says "log in again" like a body 401', () => {
    expect(describeError('likes', http(401, ''))).toEqual({
      header: 'errors.header',
      message: { key: 'errors.loginAgain' },
      then: 'logout',
      removeToken: true,
    });
  });
});

describe('signing in (login: a 401 is wrong credentials, not an ended session)', () => {
  it('shows the server\'s message and stays on the form', () => {
    expect(describeError('login', http(401, { error: true, status_code: 401, error_message: 'Wrong password.' }))).toEqual({
      header: 'errors.header',
      message: { text: 'Wrong password.' },
      then: 'stay',
    });
  });

  it('falls back to the default text without a message, and never logs out', () => {
    const shown = describeError('login', http(401));
    expect(shown.message).toEqual({ key: 'errors.default' });
    expect(shown.then).toBe('stay');
    expect(shown.removeToken).toBeUndefined();
  });

  it('a network failure asks to check the connection', () => {
    expect(describeError('login', network()).message).toEqual({ key: 'errors.checkConnection' });
  });
});

describe('SPEC §8: other error responses', () => {
  it('likes: the server\'s own message under "Error", then the modal closes', () => {
    const failure = fromBody({ error: true, status_code: 404, error_message: 'Comment not found.' });
    expect(describeFailure('likes', failure)).toEqual({
      header: 'errors.header',
      message: { text: 'Comment not found.' },
      then: 'close',
    });
  });

  it('likes: the same message arriving as an HTTP 404 body', () => {
    expect(describeError('likes', http(404, { error: true, status_code: 404, error_message: 'Comment not found.' }))).toEqual({
      header: 'errors.header',
      message: { text: 'Comment not found.' },
      then: 'close',
    });
  });

  it('elsewhere: the server\'s message, and the screen stays', () => {
    const shown = describeFailure('general', fromBody({ error: true, status_code: 422, error_message: 'Group name is taken.' }));
    expect(shown).toEqual({ header: 'errors.header', message: { text: 'Group name is taken.' }, then: 'stay' });
  });

  it('falls back to the default text when the server gives no usable message', () => {
    for (const body of [{ error: true }, { error: true, error_message: '   ' }, { error: true, error_message: 42 }]) {
      expect(describeFailure('general', fromBody(body)).message).toEqual({ key: 'errors.default' });
    }
    expect(describeError('likes', http(500, 'Internal Server Error'))).toEqual({
      header: 'errors.header',
      message: { key: 'errors.default' },
      then: 'close',
    });
  });
});

describe('SPEC §8: network failures', () => {
  it('likes: the modal closes first, then the default text shows', () => {
    expect(describeError('likes', network())).toEqual({
      header: 'errors.header',
      message: { key: 'errors.default' },
      then: 'close',
      closeFirst: true,
    });
  });

  it.each<ErrorContext>(['userData', 'jobPortal'])('%s: "check your internet connection and try again."', (context) => {
    expect(describeError(context, network())).toEqual({
      header: 'errors.header',
      message: { key: 'errors.checkConnection' },
      then: 'stay',
    });
  });

  it('upload: "... and try again later."', () => {
    expect(describeError('upload', network()).message).toEqual({ key: 'errors.checkConnectionLater' });
  });

  it.each<ErrorContext>(['more', 'general'])('%s: the default text', (context) => {
    expect(describeError(context, network()).message).toEqual({ key: 'errors.default' });
  });

  it('a bare TypeError from fetch counts as a network failure', () => {
    expect(failureFromError(new TypeError('Failed to fetch'))).toEqual({ type: 'network' });
  });
});

describe('SPEC §8: user data', () => {
  it('a non-401 HTTP failure says "log in again"', () => {
    expect(describeError('userData', http(500, { error: true, status_code: 500, error_message: 'Server exploded' }))).toEqual({
      header: 'errors.header',
      message: { key: 'errors.loginAgain' },
      then: 'stay',
    });
    expect(describeError('userData', http(500, 'Internal Server Error')).message).toEqual({ key: 'errors.loginAgain' });
  });

  it('a non-401 error in the body shows its message', () => {
    const failure = fromBody({ error: true, status_code: 403, error_message: 'Your account is suspended.' });
    expect(describeFailure('userData', failure).message).toEqual({ text: 'Your account is suspended.' });
  });

  it('a body error without a message says "log in again"', () => {
    expect(describeFailure('userData', fromBody({ error: true, status_code: 500 })).message).toEqual({ key: 'errors.loginAgain' });
  });

  it('an unreadable answer says "log in again"', () => {
    expect(describeError('userData', malformed()).message).toEqual({ key: 'errors.loginAgain' });
  });
});

describe('SPEC §8: single sign-on', () => {
  it('shows the server\'s error_message first', () => {
    expect(describeFailure('sso', fromBody({ error: true, error_message: 'SSO account not linked.' }))).toEqual({
      header: 'errors.header',
      message: { text: 'SSO account not linked.' },
      then: 'stay',
    });
    expect(describeError('sso', http(502, { error_message: 'Partner is down.' })).message).toEqual({ text: 'Partner is down.' });
  });

  it('without a message, or without an answer, says "Something went wrong. Please try again later!"', () => {
    expect(describeFailure('sso', fromBody({ error: true })).message).toEqual({ key: 'errors.sso' });
    expect(describeError('sso', http(500)).message).toEqual({ key: 'errors.sso' });
    expect(describeError('sso', network()).message).toEqual({ key: 'errors.sso' });
    expect(describeError('sso', malformed()).message).toEqual({ key: 'errors.sso' });
  });
});

describe('malformed answers', () => {
  it.each(CONTEXTS)('in %s become a catalogue text and never throw', (context) => {
    expect(failureFromError(malformed())).toEqual({ type: 'malformed' });
    const shown = describeError(context, malformed());
    expect(shown.header).toBe('errors.header');
    expect(shown.message).not.toBeNull();
    expect(Object.values(ERROR_KEYS)).toContain((shown.message as { key: string }).key);
  });

  it('the default text in general and likes (which then closes)', () => {
    expect(describeError('general', malformed())).toEqual({ header: 'errors.header', message: { key: 'errors.default' }, then: 'stay' });
    expect(describeError('likes', malformed())).toEqual({ header: 'errors.header', message: { key: 'errors.default' }, then: 'close' });
  });

  it.each([null, undefined, 'boom', 42, {}, new Error('boom')])('an unknown thrown value %j is described without throwing', (thrown) => {
    expect(() => describeError('general', thrown)).not.toThrow();
    expect(describeError('general', thrown).message).toEqual({ key: 'errors.default' });
  });
});

describe('body failures', () => {
  it.each([
    ['a success body', { error: false, likes: [] }],
    ['a body without error', { likes: [] }],
    ['error: false with a status code', { error: false, status_code: 401 }],
    ['error as the string "true"', { error: 'true', status_code: 401 }],
    ['error as 1', { error: 1, status_code: 'CHANGE_PASS' }],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'error'],
    ['a number', 401],
    ['true', true],
  ])('returns null for %s', (_label, body) => {
    expect(isErrorEnvelope(body)).toBe(false);
  });

  it('marks a body error as coming from the body', () => {
    expect(fromBody({ error: true, status_code: 500, error_message: 'x' })).toEqual({ type: 'server', message: 'x', inBody: true });
  });

  it('reads `message` when there is no error_message', () => {
    expect(fromBody({ error: true, message: 'From message' })).toEqual({ type: 'server', message: 'From message', inBody: true });
  });
});

describe('toApiError', () => {
  it('keeps an ApiError as it is', () => {
    const original = http(418);
    expect(toApiError(original, new Response(null, { status: 500 }))).toBe(original);
  });

  it('a ZodError with an ok response is malformed', () => {
    const zodLike = Object.assign(new Error('invalid'), { name: 'ZodError', issues: [] });
    const error = toApiError(zodLike, new Response('{}', { status: 200 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
    expect(error.cause).toBe(zodLike);
  });

  it('an unparseable ok answer (SyntaxError) is malformed', () => {
    expect(toApiError(new SyntaxError('Unexpected token'), new Response('<html>', { status: 200 })).kind).toBe('malformed');
  });

  it('a TypeError with no response is a network failure', () => {
    const cause = new TypeError('Failed to fetch');
    const error = toApiError(cause, undefined);
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.body).toBeUndefined();
    expect(error.cause).toBe(cause);
  });

  it('a parsed body with a 500 response is http 500 and keeps the body', () => {
    const body = { error: true, status_code: 500, error_message: 'Server error' };
    const error = toApiError(body, new Response(JSON.stringify(body), { status: 500 }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.body).toBe(body);
    expect(error.message).toBe('API http error 500');
    expect(error.name).toBe('ApiError');
  });

  it('an HTTP 401 goes all the way to a logout', () => {
    expect(describeError('general', toApiError({ message: 'Unauthenticated.' }, new Response(null, { status: 401 }))).then).toBe('logout');
  });
});

describe('English texts of the catalogue (public/assets/i18n/en.json)', () => {
  const en = JSON.parse(readFileSync(new URL('../../public/assets/i18n/en.json', import.meta.url), 'utf8')) as unknown;
  const lookup = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), en);

  const texts: Record<keyof typeof ERROR_KEYS, string> = {
    header: 'Error',
    alertHeader: 'Alert',
    ok: 'Ok',
    loading: 'Loading...',
    default: 'Sorry, something went wrong. Please try again later.',
    changePassword: 'Please change your password to continue.',
    loginAgain: 'Sorry, something went wrong. Please log in again.',
    checkConnection: 'Sorry, something went wrong. Please check your internet connection and try again.',
    checkConnectionLater: 'Sorry, something went wrong. Please check your internet connection and try again later.',
    sso: 'Something went wrong. Please try again later!',
    fileTooLarge: 'This file is too large to send. Choose a smaller file.',
  };

  it('covers every key of ERROR_KEYS', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(ERROR_KEYS).sort());
  });

  it.each(Object.entries(texts) as Array<[keyof typeof ERROR_KEYS, string]>)('%s is the SPEC text verbatim', (name, text) => {
    expect(lookup(ERROR_KEYS[name])).toBe(text);
  });
});

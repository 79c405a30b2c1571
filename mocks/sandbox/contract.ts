// The sandbox speaks the contract (issue 21): each request body is parsed with the operation's
// generated zod request schema (`z<OperationId>Body`), and a body the contract refuses gets 422 with
// the contract's error envelope, as a Laravel backend refuses it, so a renamed or retyped request
// field fails in the sandbox, not only in a browser test. Handlers see the parsed body only: a field
// the contract does not name never reaches them. The answers are typed with the generated types of
// the same operation (`SuccessBody<'getChatHome'>`, read from `z<OperationId>Response`), so an answer
// that leaves the contract does not compile.
import type * as z from 'zod/mini';
import * as schemas from '../../generated/http/zod.gen.ts';
import type { ErrorBody } from '../../generated/http/types.gen.ts';

type Schemas = typeof schemas;

/** Every operation of the contract the app calls (each has its generated `z<Op>Headers`). */
export type OperationId = { [K in keyof Schemas]: K extends `z${infer Op}Headers` ? Uncapitalize<Op> : never }[keyof Schemas];

type SchemaOf<Op extends string, Suffix extends string> = `z${Capitalize<Op>}${Suffix}` extends keyof Schemas ? Schemas[`z${Capitalize<Op>}${Suffix}`] : never;

/** The request body as the generated schema parses it; operations without a body take none. */
export type RequestBody<Op extends OperationId> = [SchemaOf<Op, 'Body'>] extends [never] ? Record<string, never> : z.output<SchemaOf<Op, 'Body'>>;

/** The success answer of the operation, as the generated types describe it (the branch beside the error envelope). */
export type SuccessBody<Op extends OperationId> = z.output<SchemaOf<Op, 'Response'>>;

export type { ErrorBody };

interface Issue {
  path: PropertyKey[];
  code?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

interface SafeParser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

const capitalize = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** The operation's generated request schema, if its contract has a request body. */
export function requestSchema(operationId: string): SafeParser | undefined {
  return (schemas as unknown as Record<string, SafeParser | undefined>)[`z${capitalize(operationId)}Body`];
}

/** The sandbox's own words where the app shows them (SPEC §5's group checks); Laravel's otherwise. */
const FIELD_MESSAGES: Record<string, string> = {
  'startGroupChat.name': 'Please enter the group name!',
  'startGroupChat.participants': 'Please select at least one participant!',
  'createUrgentGroupChat.name': 'Please enter the group name!',
  'createUrgentGroupChat.participants': 'Please select at least one participant!',
  'setupVoteV2.options': 'A vote needs at least two options.',
};

const KINDS: Record<string, string> = { string: 'a string', int: 'an integer', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' };

const valueAt = (raw: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined), raw);

/** What a refused field reads like in Laravel's words: "The chat room uuid field is required." */
function describeIssue(operationId: string, raw: unknown, issue: Issue): string {
  const field = issue.path.map(String).join('.');
  const own = FIELD_MESSAGES[`${operationId}.${String(issue.path[0] ?? '')}`];
  if (own) return own;
  const named = `The ${field.replaceAll('_', ' ') || 'request body'}`;
  const missing = issue.path.length > 0 && valueAt(raw, issue.path) === undefined;
  const items = issue.origin === 'array' ? 'items' : 'characters';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? `${named} field is required.` : `${named} field must be ${KINDS[issue.expected ?? ''] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${named} field is required.`;
      if (issue.origin === 'number') return `${named} field must be at least ${String(issue.minimum)}.`;
      return `${named} field must have at least ${String(issue.minimum)} ${items}.`;
    case 'too_big':
      if (issue.origin === 'number') return `${named} field must not be greater than ${String(issue.maximum)}.`;
      return `${named} field must not have more than ${String(issue.maximum)} ${items}.`;
    case 'invalid_value':
      return `The selected ${field.replaceAll('_', ' ')} is invalid.`;
    case 'invalid_format':
      return `${named} field format is invalid.`;
    default:
      return `${named} field is invalid.`;
  }
}

/** 422 with the contract's error envelope (ErrorBody, the UnprocessableEntity answer). */
export function refusedBody(message: string): { status: 422; json: ErrorBody } {
  return { status: 422, json: { error: true, status_code: 422, error_message: message, message: 'The given data was invalid.' } };
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; answer: { status: 422; json: ErrorBody } };

/**
 * The body as the contract's schema reads it (fields it does not name dropped), or the 422 a
 * Laravel backend answers. An operation without a request body in the contract takes none.
 */
export function parseRequestBody<Op extends OperationId>(operationId: Op, raw: unknown): Parsed<RequestBody<Op>>;
export function parseRequestBody(operationId: string, raw: unknown): Parsed<Record<string, unknown>>;
export function parseRequestBody(operationId: string, raw: unknown): Parsed<Record<string, unknown>> {
  const schema = requestSchema(operationId);
  if (!schema) return { ok: true, value: {} };
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, answer: refusedBody([...new Set(result.error.issues.map((issue) => describeIssue(operationId, raw, issue)))].join(' ')) };
  return { ok: true, value: result.data as Record<string, unknown> };
}

/**
 * A multipart form as the contract's schema sees it: its text fields, and each file field as the
 * names of its files (a binary field is a string in the generated schema; `files` of a batch a list).
 */
export function formAsBody(fields: ReadonlyMap<string, string>, files: ReadonlyMap<string, ReadonlyArray<{ name: string }>>, listFields: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(fields);
  for (const [name, list] of files) body[name] = listFields.includes(name) ? list.map((file) => file.name) : list[0]?.name;
  return body;
}

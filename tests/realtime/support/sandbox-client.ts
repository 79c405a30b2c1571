// What the sandbox tests share: signing in as a sandbox employee (the bearer header for their calls)
// and the generated zod schema that an operation's answer is checked against.
import * as httpZod from '../../../generated/http/zod.gen.ts';

export interface Schema {
  parse(value: unknown): unknown;
}

/** `Bearer <token>` for the employee, from the sandbox's login (any password works there). */
export async function signIn(sandboxUrl: string, username: string): Promise<string> {
  const login = await fetch(`${sandboxUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'anything' }),
  });
  return `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
}

/** The generated response schema of an operation (`z<OperationId>Response`). */
export function responseSchema(operationId: string): Schema {
  const schema = (httpZod as Record<string, unknown>)[`z${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Response`] as Schema | undefined;
  if (!schema) throw new Error(`no response schema for ${operationId}`);
  return schema;
}

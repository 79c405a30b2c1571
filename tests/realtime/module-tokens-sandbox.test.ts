// Web-module tokens in the sandbox (mocks/sandbox/module-tokens.ts): POST /auth/module-token gives a
// random token for one module, for five minutes, answered in the contract's shape; the token is good
// for that module only (the introspection a module's backend would ask), never as the bearer token of
// an API call; an unknown module gets 422. Prism is not needed, so it points at a closed port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { MODULE_TOKEN_TTL_S } from '../../mocks/sandbox/module-tokens.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

const NO_PRISM = 'http://127.0.0.1:9';
let sandbox: RunningSandbox;
let budi = '';

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0 });
  budi = await signIn(sandbox.url, 'budi.santoso');
});

afterAll(() => sandbox?.stop());

async function post(path: string, body: unknown, authorization?: string) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const moduleToken = async (module: string, authorization = budi) => {
  const { status, body } = await post('/auth/module-token', { module }, authorization);
  expect(status).toBe(200);
  responseSchema('createModuleToken').parse(body);
  return body as { token: string; expires_in: number; scope: string };
};

describe('web-module tokens', () => {
  it('issues a fresh random token scoped to the module, for five minutes, to a signed-in employee only', async () => {
    const first = await moduleToken('online-meetings');
    const second = await moduleToken('online-meetings');
    expect(first).toMatchObject({ expires_in: 300, scope: 'module:online-meetings' });
    expect(MODULE_TOKEN_TTL_S).toBe(300);
    expect(first.token).toMatch(/^mt_[0-9a-f]{32}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.token).not.toBe(budi.replace(/^Bearer /, ''));
    expect((await post('/auth/module-token', { module: 'online-meetings' })).status).toBe(401);
  });

  it('refuses a module that is not a route of the app', async () => {
    for (const module of ['no-such-module', '../auth/login', '', 42]) {
      const { status, body } = await post('/auth/module-token', { module }, budi);
      expect(status, String(module)).toBe(422);
      httpZod.zErrorBody.parse(body);
    }
  });

  it('is good for its own module only, and never as the bearer token of the API', async () => {
    const { token } = await moduleToken('qr-location-checkin');
    expect((await post('/__sandbox/module-tokens/introspect', { token, module: 'qr-location-checkin' })).body).toMatchObject({
      active: true,
      user_id: 43,
      scope: 'module:qr-location-checkin',
    });
    expect((await post('/__sandbox/module-tokens/introspect', { token, module: 'online-meetings' })).body).toEqual({ active: false });
    expect((await post('/__sandbox/module-tokens/introspect', { token: 'mt_0000', module: 'qr-location-checkin' })).body).toEqual({ active: false });

    // With the module's token as the bearer: nothing of the app's API, not even another module token.
    const asBearer = `Bearer ${token}`;
    const userData = await fetch(`${sandbox.url}/auth/user-data`, { headers: { authorization: asBearer } });
    expect(userData.status).toBe(401);
    httpZod.zErrorBody.parse(await userData.json());
    expect((await post('/auth/module-token', { module: 'qr-location-checkin' }, asBearer)).status).toBe(401);
    // Calls the sandbox leaves to Prism are refused before they get there.
    expect((await fetch(`${sandbox.url}/permission/get-pwa`, { headers: { authorization: asBearer } })).status).toBe(401);
  });

  it('lists what it issued, with whom and until when', async () => {
    const { token } = await moduleToken('employee-qr-scan');
    const { tokens } = (await (await fetch(`${sandbox.url}/__sandbox/module-tokens`)).json()) as { tokens: Array<Record<string, unknown>> };
    const record = tokens.find((candidate) => candidate.token === token);
    expect(record).toMatchObject({ user_id: 43, module: 'employee-qr-scan', scope: 'module:employee-qr-scan', active: true });
    expect(Date.parse(String(record?.expires_at)) - Date.parse(String(record?.issued_at))).toBe(300_000);
  });
});

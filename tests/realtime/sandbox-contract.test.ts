// The sandbox speaks the contract (issue 21): every request body is parsed with the operation's
// generated zod request schema, so a body the contract refuses gets 422 with the contract's error
// envelope, before anything happens, for every operation the sandbox answers itself. A renamed
// request field (the app sending `chatRoomUuid` where the contract says `chat_room_uuid`) is caught
// here, not only in a browser test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zErrorBody } from '../../generated/http/zod.gen.ts';
import { DIRECT_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { requestSchema } from '../../mocks/sandbox/contract.ts';
import { SCRATCH_HEADER, startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { deref, listOperations, readJson, toFetchRequest, type ContractOperation } from '../../scripts/lib/contract-examples.ts';

type Json = Record<string, unknown>;

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = { authorization: 'Bearer contract-example-token' };
const doc = readJson('generated/openapi.bundled.json');
const operations = new Map(listOperations(doc).map((operation) => [operation.operationId, operation]));

let sandbox: RunningSandbox;
/** Every live-chat and call event the sandbox sent. */
const emitted: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    prismUrl: NO_PRISM,
    port: 0,
    liveChat: { emit: (event, payload) => void emitted.push({ event, payload }) },
    callEvents: { emit: (userId, event) => void emitted.push({ userId, event }) },
  });
});

afterAll(() => sandbox?.stop());

/** The fields the operation's request schema requires. */
function requiredFields(operation: ContractOperation): string[] {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const requestBody = deref<Json>(doc, paths[operation.path]?.[operation.method.toLowerCase()]?.requestBody);
  const content = (requestBody?.content ?? {}) as Record<string, Json>;
  const media = content['application/json'] ?? content['multipart/form-data'];
  return (deref<Json>(doc, media?.schema).required as string[] | undefined) ?? [];
}

/** How a field is renamed by mistake: camelCase where the contract says snake_case, else another word. */
const renamed = (field: string) => {
  const camel = field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return camel !== field && !field.startsWith('_') ? camel : `${field.replace(/^_/, '')}_value`;
};

/** The operation's example request with one field of its body renamed. */
function withRenamedField(operation: ContractOperation, field: string): ContractOperation {
  const body = operation.request.body!;
  const value = Object.fromEntries(Object.entries(body.value as Json).map(([name, entry]) => [name === field ? renamed(field) : name, entry]));
  const binaryFields = body.binaryFields.map((name) => (name === field ? renamed(field) : name));
  return { ...operation, request: { ...operation.request, body: { ...body, value, binaryFields } } };
}

async function send(operation: ContractOperation) {
  const { url, init } = toFetchRequest(sandbox.url, operation, AYU);
  const response = await fetch(url, init);
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

/** The contract operations the sandbox answers itself whose request body requires a field. */
const checked = () =>
  sandbox.routes
    .flatMap((route) => (route.operationId && requestSchema(route.operationId) ? [operations.get(route.operationId)!] : []))
    .filter((operation) => operation.request.body && requiredFields(operation).length > 0);

describe('the sandbox parses each request body with the contract', () => {
  it('answers 422 with the error envelope, on every operation with a required body field, when that field is renamed', async () => {
    const cases = checked();
    expect(cases.length).toBeGreaterThan(35);
    for (const operation of cases) {
      const field = requiredFields(operation)[0]!;
      const answer = await send(withRenamedField(operation, field));
      const where = `${operation.operationId}: ${field} sent as ${renamed(field)}`;
      expect(answer.status, where).toBe(422);
      expect(answer.source, where).toBe('sandbox');
      expect(zErrorBody.safeParse(answer.body).success, where).toBe(true);
      expect(answer.body, where).toMatchObject({ error: true, status_code: 422 });
      expect(String(answer.body.error_message), where).not.toBe('');
      // The contract documents the refusal it gives.
      expect(operation.responses.map((response) => response.status), where).toContain('422');
    }
  });

  it('says which field, in the backend’s words, and refuses a field of the wrong type', async () => {
    const sendMessage = operations.get('sendMessage')!;
    const renamedRoom = await send(withRenamedField(sendMessage, 'chat_room_uuid'));
    expect(renamedRoom.body).toEqual({ error: true, status_code: 422, error_message: 'The chat room uuid field is required.', message: 'The given data was invalid.' });

    const retyped = { ...sendMessage, request: { ...sendMessage.request, body: { ...sendMessage.request.body!, value: { chat_room_uuid: 42, message: 'Halo' } } } };
    const wrongType = await send(retyped);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error_message).toBe('The chat room uuid field must be a string.');
  });

  it('does nothing with a refused body: a send with a renamed room field posts no message', async () => {
    const view = async () => {
      const response = await fetch(`${sandbox.url}/live-chat/view-chat`, {
        method: 'POST',
        headers: { ...AYU, 'content-type': 'application/json' },
        body: JSON.stringify({ chat_room_uuid: DIRECT_ROOM_UUID }),
      });
      return ((await response.json()) as { messages: { total: number } }).messages.total;
    };
    const before = await view();
    const response = await fetch(`${sandbox.url}/live-chat/send`, {
      method: 'POST',
      headers: { ...AYU, 'content-type': 'application/json' },
      body: JSON.stringify({ chatRoomUuid: DIRECT_ROOM_UUID, message: 'Pesan dengan nama field yang salah' }),
    });
    expect(response.status).toBe(422);
    expect(await view()).toBe(before);
  });

  it('refuses a body that is not JSON with 422, not a server error', async () => {
    const response = await fetch(`${sandbox.url}/live-chat/send`, { method: 'POST', headers: { ...AYU, 'content-type': 'application/json' }, body: '{"chat_room_uuid": ' });
    expect(response.status).toBe(422);
    expect(zErrorBody.parse(await response.json()).status_code).toBe(422);
  });
});

describe('a scratch copy of the sandbox (what contract:check writes to)', () => {
  const totalOf = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${sandbox.url}/live-chat/view-chat`, {
      method: 'POST',
      headers: { ...AYU, ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ chat_room_uuid: DIRECT_ROOM_UUID }),
    });
    return ((await response.json()) as { messages: { total: number } }).messages.total;
  };

  it('takes the writes of requests naming it, sends no live event, leaves the demo data alone, and is dropped on request', async () => {
    const scratch = { [SCRATCH_HEADER]: 'scratch-test-1' };
    const demo = await totalOf();
    const events = emitted.length;

    const sent = await fetch(`${sandbox.url}/live-chat/send`, {
      method: 'POST',
      headers: { ...AYU, ...scratch, 'content-type': 'application/json' },
      body: JSON.stringify({ chat_room_uuid: DIRECT_ROOM_UUID, message: 'Only in the scratch copy' }),
    });
    expect(sent.status).toBe(200);
    expect(await totalOf(scratch)).toBe(demo + 1);
    expect(await totalOf()).toBe(demo);
    expect(emitted).toHaveLength(events);

    expect((await fetch(`${sandbox.url}/__sandbox/scratch/scratch-test-1`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${sandbox.url}/__sandbox/scratch/scratch-test-1`, { method: 'DELETE' })).status).toBe(404);
    // A new copy under the same name starts from the seed again.
    expect(await totalOf(scratch)).toBe(demo);
  });

  it('says how to use it at GET /__sandbox', async () => {
    const about = (await (await fetch(`${sandbox.url}/__sandbox`)).json()) as { scratch: { header: string } };
    expect(about.scratch.header).toBe(SCRATCH_HEADER);
  });
});

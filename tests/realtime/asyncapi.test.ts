// The AsyncAPI contract: it parses cleanly, its examples are named, unique and valid against their
// payload schemas (with ajv and with the generated zod), and its schema export is stable.
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { asyncapiSchemasAsOpenApi, exampleProblems, messageExamples, parseAsyncApi } from '../../scripts/lib/asyncapi-schemas.ts';
import type { ParsedAsyncApi } from '../../scripts/lib/asyncapi-schemas.ts';

const PATH = 'asyncapi/asyncapi.yaml';
let parsed: ParsedAsyncApi;

beforeAll(async () => {
  parsed = await parseAsyncApi(PATH);
});

describe('asyncapi/asyncapi.yaml', () => {
  it('parses with 0 errors and 0 warnings', () => {
    const serious = parsed.diagnostics.filter((d) => d.severity <= 1);
    expect(serious.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(parsed.document).toBeDefined();
  });

  it('has the expected named examples', () => {
    const names = messageExamples(parsed.document!).map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'incoming-call',
        'end-call-from-caller',
        'end-call-from-receiver',
        'end-call-from-caller-group',
        'no-answer',
        'testing',
        'new-chat-room',
        'live-chat',
        'long-poll-incoming-call',
        'long-poll-announcement',
      ]),
    );
  });

  it('every example is kebab-case, unique and valid against its payload schema', () => {
    expect(exampleProblems(parsed.document!)).toEqual([]);
  });

  it.runIf(existsSync('generated/realtime/zod.gen.ts'))('every example parses with the generated zod schema', async () => {
    const zod = (await import('../../generated/realtime/zod.gen.ts')) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    for (const example of messageExamples(parsed.document!)) {
      const schema = zod[`z${example.schemaName}`];
      expect(schema, `z${example.schemaName}`).toBeDefined();
      expect(schema?.safeParse(example.payload).success, example.name).toBe(true);
    }
  });

  it('exports every payload schema as a stable OpenAPI components document', async () => {
    const first = JSON.stringify(await asyncapiSchemasAsOpenApi(PATH));
    expect(JSON.stringify(await asyncapiSchemasAsOpenApi(PATH))).toBe(first);
    const doc = JSON.parse(first) as { openapi: string; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['GlobalEvent', 'GlobalEventData', 'CallEventType', 'LongPollEvent', 'LongPollResponse', 'ChatRoomEvent', 'ChatRoom']),
    );
    const refs = [...first.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] ?? '');
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split('/').at(-1)!], ref).toBeDefined();
    }
  });
});

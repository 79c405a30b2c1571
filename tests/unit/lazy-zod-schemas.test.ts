// The generated zod schemas are built on first use (scripts/lib/lazy-zod-schemas.ts): importing
// generated/http/zod.gen.ts (or generated/realtime's) builds none of them, a check builds the schema it
// is given and those it holds, each once, and a schema built lazily answers as the one hey-api writes
// does. The snapshots of the answers below were recorded with hey-api's own output (every schema built
// when the module is evaluated), before the rewrite; they hold unchanged after it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { deref, readJson } from '../../scripts/lib/contract-examples.ts';
import { lazyZodSchemas } from '../../scripts/lib/lazy-zod-schemas.ts';

/** How many times each of zod/mini's functions (z.object, z.lazy, z.optional…) was called. */
const calls = vi.hoisted(() => new Map<string, number>());
vi.mock('zod/mini', async (importOriginal) => {
  const zod = await importOriginal<Record<string, unknown>>();
  const counted = (name: string, fn: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return fn(...args);
  };
  return Object.fromEntries(
    Object.entries(zod).map(([name, value]) => [name, /^[a-z]/.test(name) && typeof value === 'function' ? counted(name, value as (...args: unknown[]) => unknown) : value]),
  );
});

function callsSince(before: Map<string, number>): { lazy: number; object: number; others: number } {
  let others = 0;
  for (const [name, count] of calls) if (name !== 'lazy' && name !== 'object') others += count - (before.get(name) ?? 0);
  const since = (name: string) => (calls.get(name) ?? 0) - (before.get(name) ?? 0);
  return { lazy: since('lazy'), object: since('object'), others };
}

interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: unknown[] } };
}

/** The definitions of a generated zod module: wrapped in z.lazy, aliases, and the others (one schema each). */
function definitions(file: string): { wrapped: number; aliases: number; others: number; objectCalls: number } {
  const source = readFileSync(file, 'utf8');
  const all = source.match(/^export const z\w+ = .*$/gm) ?? [];
  const wrapped = all.filter((line) => line.includes('= z.lazy(() => ')).length;
  const aliases = all.filter((line) => /= z[A-Z]\w*;$/.test(line)).length;
  return { wrapped, aliases, others: all.length - wrapped - aliases, objectCalls: source.match(/\bz\.object\(/g)?.length ?? 0 };
}

const httpFile = 'generated/http/zod.gen.ts';
const realtimeFile = 'generated/realtime/zod.gen.ts';

const beforeHttp = new Map(calls);
const http = (await import('../../generated/http/zod.gen.ts')) as unknown as Record<string, Schema>;
const atHttpImport = callsSince(beforeHttp);
const beforeRealtime = new Map(calls);
const realtime = (await import('../../generated/realtime/zod.gen.ts')) as unknown as Record<string, Schema>;
const atRealtimeImport = callsSince(beforeRealtime);

const contract = readJson('generated/openapi.bundled.json');
/** A named example answer of the bundled contract. */
function exampleAnswer(path: string, method: string, status: string, name: string): unknown {
  const operation = deref<{ responses: Record<string, unknown> }>(contract, (contract.paths as Record<string, Record<string, unknown>>)[path]![method]);
  const response = deref<{ content: Record<string, { examples: Record<string, unknown> }> }>(contract, operation.responses[status]);
  return deref<{ value: unknown }>(contract, response.content['application/json']!.examples[name]).value;
}

/**
 * What a check answers: the accepted value (as a digest: zod returns a copy) or the issues, without
 * their messages, which zod words from the other fields in the locale the process configured (English
 * once some file of the worker has imported the classic `zod` package, a bare "Invalid input" before).
 */
function answer(schema: Schema, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) return { success: false, issues: JSON.parse(JSON.stringify(result.error.issues, (key, field: unknown) => (key === 'message' ? undefined : field))) as unknown };
  return { success: true, data: createHash('sha256').update(JSON.stringify(result.data)).digest('hex').slice(0, 16) };
}

describe('the generated schemas are built on first use', () => {
  it('importing generated/http/zod.gen.ts builds one z.lazy per definition and no schema of any', () => {
    const file = definitions(httpFile);
    expect(file.wrapped).toBeGreaterThan(200);
    expect(atHttpImport.lazy).toBe(file.wrapped);
    // The definitions left as they are build one schema each (an enum, a string, an object of one
    // field that is another definition), as cheap as their wrapper.
    expect(atHttpImport.object + atHttpImport.others).toBe(file.others);
  });

  it('importing generated/realtime/zod.gen.ts does the same', () => {
    const file = definitions(realtimeFile);
    expect(atRealtimeImport.lazy).toBe(file.wrapped);
    expect(atRealtimeImport.object + atRealtimeImport.others).toBe(file.others);
  });

  it('a check builds the schema it is given and those it holds, once', () => {
    const feed = exampleAnswer('/ess/feed', 'get', '200', 'success');
    let before = new Map(calls);
    expect(http.zGetFeedResponse!.safeParse(feed).success).toBe(true);
    const first = callsSince(before);
    expect(first.object).toBeGreaterThan(0);
    // The feed page holds a few of the contract's 260-odd objects.
    expect(first.object).toBeLessThan(definitions(httpFile).objectCalls / 10);
    before = new Map(calls);
    expect(http.zGetFeedResponse!.safeParse(feed).success).toBe(true);
    expect(callsSince(before)).toEqual({ lazy: 0, object: 0, others: 0 });
  });

  it('checking with every definition builds each z.object of the file exactly once', () => {
    for (const schema of Object.values(http)) schema.safeParse(undefined);
    for (const schema of Object.values(realtime)) schema.safeParse(undefined);
    expect(calls.get('object')).toBe(definitions(httpFile).objectCalls + definitions(realtimeFile).objectCalls);
  });
});

describe('a lazily built schema answers as before', () => {
  const feed = exampleAnswer('/ess/feed', 'get', '200', 'success') as { data: Array<{ user: { id: unknown } }> };
  const authorIdAsText = structuredClone(feed);
  authorIdAsText.data[0]!.user.id = 'seven';

  it("the feed's example page, and the page with an author's id as text", () => {
    expect(answer(http.zGetFeedResponse!, feed)).toMatchInlineSnapshot(`
      {
        "data": "e5fd5b4e8969273b",
        "success": true,
      }
    `);
    expect(answer(http.zGetFeedResponse!, authorIdAsText)).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_type",
            "expected": "number",
            "path": [
              "data",
              0,
              "user",
              "id",
            ],
          },
        ],
        "success": false,
      }
    `);
  });

  it('the error envelope: a status code as a number or text, neither, and `error: false`', () => {
    expect(answer(http.zErrorBody!, { error: true, status_code: '401', error_message: 'Unauthenticated.' })).toMatchInlineSnapshot(`
      {
        "data": "e214b6e5d5504617",
        "success": true,
      }
    `);
    expect(answer(http.zErrorBody!, { error: true, status_code: 401 })).toMatchInlineSnapshot(`
      {
        "data": "8aa605b07cf1c10e",
        "success": true,
      }
    `);
    expect(answer(http.zErrorBody!, { error: true, status_code: true })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_union",
            "errors": [
              [
                {
                  "code": "invalid_type",
                  "expected": "number",
                  "path": [],
                },
              ],
              [
                {
                  "code": "invalid_type",
                  "expected": "string",
                  "path": [],
                },
              ],
            ],
            "path": [
              "status_code",
            ],
          },
        ],
        "success": false,
      }
    `);
    expect(answer(http.zErrorBody!, { error: false, status_code: 401 })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_value",
            "path": [
              "error",
            ],
            "values": [
              true,
            ],
          },
        ],
        "success": false,
      }
    `);
  });

  it('an optional field holding another definition: absent, and null', () => {
    expect(answer(http.zLoginResponse!, { access_token: 'token' })).toMatchInlineSnapshot(`
      {
        "data": "871476d85ebc0b5f",
        "success": true,
      }
    `);
    expect(answer(http.zLoginResponse!, { access_token: 'token', user: null })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_type",
            "expected": "object",
            "path": [
              "user",
            ],
          },
        ],
        "success": false,
      }
    `);
  });

  it('the recursive translations', () => {
    expect(answer(http.zTranslations!, { a: 'x', b: { c: 'y', d: { e: 'z' } } })).toMatchInlineSnapshot(`
      {
        "data": "27f9af7e69d9291d",
        "success": true,
      }
    `);
    expect(answer(http.zTranslations!, { a: { b: { c: 1 } } })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_union",
            "errors": [
              [
                {
                  "code": "invalid_type",
                  "expected": "string",
                  "path": [],
                },
              ],
              [
                {
                  "code": "invalid_union",
                  "errors": [
                    [
                      {
                        "code": "invalid_type",
                        "expected": "string",
                        "path": [],
                      },
                    ],
                    [
                      {
                        "code": "invalid_union",
                        "errors": [
                          [
                            {
                              "code": "invalid_type",
                              "expected": "string",
                              "path": [],
                            },
                          ],
                          [
                            {
                              "code": "invalid_type",
                              "expected": "record",
                              "path": [],
                            },
                          ],
                        ],
                        "path": [
                          "c",
                        ],
                      },
                    ],
                  ],
                  "path": [
                    "b",
                  ],
                },
              ],
            ],
            "path": [
              "a",
            ],
          },
        ],
        "success": false,
      }
    `);
  });

  it('an intersection, a nested check and an enum', () => {
    expect(answer(http.zChatRoomCallLogEntry!, { id: 1, media: { room: 0 }, duration_seconds: -1 })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "too_small",
            "inclusive": true,
            "minimum": 1,
            "origin": "number",
            "path": [
              "media",
              "room",
            ],
          },
          {
            "code": "too_small",
            "inclusive": true,
            "minimum": 0,
            "origin": "number",
            "path": [
              "duration_seconds",
            ],
          },
        ],
        "success": false,
      }
    `);
    expect(answer(http.zChatRoomType!, 'channel')).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_value",
            "path": [],
            "values": [
              "group",
              "individual",
            ],
          },
        ],
        "success": false,
      }
    `);
  });

  it('a realtime event: an intersection of intersections', () => {
    expect(answer(realtime.zLiveChatEvent!, { event_type: 'new_chat_room' })).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "code": "invalid_type",
            "expected": "number",
            "path": [
              "id",
            ],
          },
          {
            "code": "invalid_type",
            "expected": "string",
            "path": [
              "uuid",
            ],
          },
          {
            "code": "invalid_value",
            "path": [
              "type",
            ],
            "values": [
              "group",
              "individual",
            ],
          },
          {
            "code": "invalid_value",
            "path": [
              "event_type",
            ],
            "values": [
              "live_chat",
            ],
          },
        ],
        "success": false,
      }
    `);
  });
});

describe('lazyZodSchemas', () => {
  const header = "// This file is auto-generated by @hey-api/openapi-ts\n\nimport * as z from 'zod/mini';";
  const rewrite = (definitions: string) => lazyZodSchemas(`${header}\n\n${definitions}`, 'zod.gen.ts');

  it('wraps each definition in z.lazy, uses the lazy ones through built(), and leaves aliases and one-call definitions of literals', () => {
    const source = [
      "export const zEnum = z.enum(['x', 'y']);",
      'export const zA = z.object({\n    kind: zEnum,\n    tags: z.array(z.string())\n});',
      'export const zAlias = zA;',
      'export const zB = z.object({\n    a: z.optional(zAlias),\n    self: z.lazy((): any => zB)\n});',
      'export const zC = z.intersection(zB, z.object({ c: z.int() }));',
      'export const zD = z.array(zC);',
    ].join('\n\n');
    expect(rewrite(source)).toBe(
      [
        '// This file is auto-generated by @hey-api/openapi-ts\n// Each schema is built on first use (z.lazy), by scripts/lib/lazy-zod-schemas.ts.',
        "import * as z from 'zod/mini';",
        '/** The schema a lazy definition wraps, built now (once): how one definition uses another. */\n' +
          'const built = <T extends z.core.SomeType>(definition: z.ZodMiniLazy<T>): T => definition._zod.innerType;',
        "export const zEnum = z.enum(['x', 'y']);",
        'export const zA = z.lazy(() => z.object({\n    kind: zEnum,\n    tags: z.array(z.string())\n}));',
        'export const zAlias = zA;',
        'export const zB = z.lazy(() => z.object({\n    a: z.optional(built(zAlias)),\n    self: z.lazy((): any => zB)\n}));',
        'export const zC = z.lazy(() => z.intersection(built(zB), z.object({ c: z.int() })));',
        'export const zD = z.lazy(() => z.array(built(zC)));',
      ].join('\n\n'),
    );
  });

  it('puts z.lazy outside built() when a definition starts with a reference', () => {
    expect(rewrite("export const zA = z.object({ a: z.string() });\n\nexport const zB = zA.check(z.refine(Boolean));\n")).toContain(
      'export const zB = z.lazy(() => built(zA).check(z.refine(Boolean)));',
    );
  });

  it('stops where a definition uses one written after it, or itself, outside a function', () => {
    expect(() => rewrite('export const zA = z.object({ b: zB });\n\nexport const zB = z.object({ c: z.int() });\n')).toThrow(/zod.gen.ts:5: zA uses zB before it is written/);
    expect(() => rewrite('export const zA = z.object({ a: z.optional(zA) });\n')).toThrow(/zA uses zA before it is written/);
  });

  it('stops on anything but imports and exported definitions', () => {
    expect(() => rewrite('const zHidden = z.object({ a: z.string() });\n')).toThrow(/zod.gen.ts:5: expected only imports/);
  });
});

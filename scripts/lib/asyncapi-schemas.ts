// The AsyncAPI document as the rest of the toolchain needs it: its payload schemas as an OpenAPI
// components document (so hey-api generates realtime zod/types in the same style as HTTP), the
// parsed document for lint and the mock, and every message example with the message it belongs to.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Parser, fromFile } from '@asyncapi/parser';
import type { AsyncAPIDocumentInterface, Diagnostic } from '@asyncapi/parser';
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const LOCAL_SCHEMA_PREFIX = '/components/schemas/';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPointer(document: Json, pointer: string): Json {
  let node: Json = document;
  for (const raw of pointer.split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`cannot follow ${pointer}`);
    const next: Json | undefined = (node as Record<string, Json>)[key];
    if (next === undefined) throw new Error(`nothing at ${pointer}`);
    node = next;
  }
  return node;
}

function pascalCase(text: string): string {
  return text.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_m, _sep, ch: string) => ch.toUpperCase());
}

/**
 * Every payload schema of the AsyncAPI document (components/schemas, schemas they reach in other
 * files, and inline message payloads) as an OpenAPI 3.1 document with `#/components/schemas/...`
 * refs. Names are sorted so the output is byte-for-byte stable.
 */
export async function asyncapiSchemasAsOpenApi(path: string): Promise<object> {
  const rootFile = resolve(path);
  const files = new Map<string, Json>();
  const load = (file: string): Json => {
    if (!files.has(file)) files.set(file, parseYaml(readFileSync(file, 'utf8')) as Json);
    return files.get(file) as Json;
  };
  const root = load(rootFile) as JsonObject;
  const components = (isObject(root.components) ? root.components : {}) as JsonObject;
  const localSchemas = (isObject(components.schemas) ? components.schemas : {}) as JsonObject;

  const schemas: Record<string, Json> = {};
  const nameOf = new Map<string, string>(); // "<file>#<pointer>" -> component name
  for (const name of Object.keys(localSchemas)) nameOf.set(`${rootFile}#${LOCAL_SCHEMA_PREFIX}${name}`, name);

  const importSchema = (file: string, pointer: string, preferredName: string): string => {
    const key = `${file}#${pointer}`;
    const known = nameOf.get(key);
    if (known && (schemas[known] !== undefined || file === rootFile)) return known;
    const taken = [...nameOf.entries()].find(([k, n]) => n === preferredName && k !== key);
    if (taken) throw new Error(`schema name ${preferredName} is used by both ${taken[0]} and ${key}`);
    nameOf.set(key, preferredName);
    schemas[preferredName] = {}; // placeholder so recursive refs terminate
    schemas[preferredName] = rewrite(readPointer(load(file), pointer), file);
    return preferredName;
  };

  function rewrite(node: Json, file: string): Json {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const [target = '', pointer = ''] = value.split('#');
        const targetFile = target ? resolve(dirname(file), target) : file;
        const name =
          targetFile === rootFile && pointer.startsWith(LOCAL_SCHEMA_PREFIX)
            ? pointer.slice(LOCAL_SCHEMA_PREFIX.length)
            : importSchema(targetFile, pointer, pointer.split('/').filter(Boolean).at(-1) ?? 'Schema');
        out.$ref = `#/components/schemas/${name}`;
      } else {
        out[key] = rewrite(value, file);
      }
    }
    return out;
  }

  for (const [name, schema] of Object.entries(localSchemas)) {
    // A component that only points at another file's schema of the same name takes that schema's body.
    if (isObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1 && !schema.$ref.startsWith('#')) {
      const [target = '', pointer = ''] = schema.$ref.split('#');
      const key = `${resolve(dirname(rootFile), target)}#${pointer}`;
      nameOf.delete(`${rootFile}#${LOCAL_SCHEMA_PREFIX}${name}`);
      nameOf.set(key, name);
      schemas[name] = {};
      schemas[name] = rewrite(readPointer(load(resolve(dirname(rootFile), target)), pointer), resolve(dirname(rootFile), target));
    } else {
      schemas[name] = rewrite(schema, rootFile);
    }
  }

  const messages = (isObject(components.messages) ? components.messages : {}) as JsonObject;
  for (const [messageName, message] of Object.entries(messages)) {
    if (!isObject(message) || !isObject(message.payload) || typeof message.payload.$ref === 'string') continue;
    schemas[`${pascalCase(messageName)}Payload`] = rewrite(message.payload, rootFile);
  }

  const info = isObject(root.info) ? root.info : {};
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]]));
  return {
    openapi: '3.1.0',
    info: { title: `${String(info.title ?? 'Realtime')} payloads`, version: String(info.version ?? '0.0.0') },
    paths: {},
    components: { schemas: sorted },
  };
}

export interface ParsedAsyncApi {
  document: AsyncAPIDocumentInterface | undefined;
  diagnostics: Diagnostic[];
}

/** Parses (and validates) the AsyncAPI document with its file references resolved. */
export async function parseAsyncApi(path: string): Promise<ParsedAsyncApi> {
  const { document, diagnostics } = await fromFile(new Parser(), resolve(path)).parse();
  return { document, diagnostics };
}

export type Transport = 'pusher' | 'socket.io' | 'long-poll';

export interface MessageExample {
  name: string;
  summary: string;
  payload: unknown;
  messageId: string;
  /** The Pusher event name, or the socket.io event (the channel address), or the HTTP path. */
  event: string;
  /** Channel address template, e.g. `{prefix}_global_event`, `{websocketId}`. */
  channels: string[];
  transport: Transport;
  schema: unknown;
  /** The payload's component schema name (GlobalEvent…), the generated zod schema is `z<name>`. */
  schemaName: string | undefined;
}

function transportOf(protocol: string, pathname: string | undefined): Transport {
  if (protocol === 'http' || protocol === 'https') return 'long-poll';
  return pathname?.startsWith('/socket.io') ? 'socket.io' : 'pusher';
}

/** Every named message example with how it travels, in document order. */
export function messageExamples(document: AsyncAPIDocumentInterface): MessageExample[] {
  const byName = new Map<string, MessageExample>();
  for (const channel of document.allChannels()) {
    const server = channel.servers().all()[0];
    const transport = transportOf(server?.protocol() ?? 'ws', server?.pathname());
    for (const message of channel.messages()) {
      const pusherEvent = message.extensions().get('x-pusher-event')?.value() as { name?: string } | undefined;
      const event =
        transport === 'pusher' ? (pusherEvent?.name ?? message.name() ?? message.id()) : (channel.address() ?? message.id());
      for (const example of message.examples()) {
        const name = example.name() ?? '';
        const existing = byName.get(name);
        if (existing && existing.messageId === message.id() && existing.transport === transport) {
          existing.channels.push(channel.address() ?? '');
          continue;
        }
        if (existing) continue; // duplicate names are reported by exampleProblems
        byName.set(name, {
          name,
          summary: example.summary() ?? '',
          payload: example.payload(),
          messageId: message.id(),
          event,
          channels: [channel.address() ?? ''],
          transport,
          schema: message.payload()?.json(),
          schemaName: message.payload()?.id(),
        });
      }
    }
  }
  return [...byName.values()];
}

export interface Problem {
  severity: number;
  code: string;
  message: string;
  where: string;
}

/** Project rules: example names and example payloads. */
export function exampleProblems(document: AsyncAPIDocumentInterface): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const message of document.allMessages()) {
    const schema = message.payload()?.json();
    const validate = schema ? ajv.compile(schema as object) : undefined;
    message.examples().all().forEach((example, index) => {
      const where = `components.messages.${message.id()}.examples[${index}]`;
      const name = example.name();
      if (!name) {
        problems.push({ severity: 0, code: 'example-name', message: 'example has no name', where });
      } else {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
          problems.push({ severity: 0, code: 'example-name', message: `"${name}" is not kebab-case`, where });
        }
        const other = seen.get(name);
        if (other && other !== message.id()) {
          problems.push({ severity: 0, code: 'example-name-unique', message: `"${name}" is also an example of ${other}`, where });
        }
        seen.set(name, message.id());
      }
      if (validate && !validate(example.payload())) {
        for (const error of validate.errors ?? []) {
          problems.push({
            severity: 0,
            code: 'example-payload',
            message: `"${name}" ${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`,
            where,
          });
        }
      }
    });
  }
  return problems;
}

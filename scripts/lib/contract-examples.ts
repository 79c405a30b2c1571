// Reads the bundled OpenAPI contract once and turns every operation into a replayable example
// request. Shared by the docs (counts, inferred list) and the contract check (replay).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PLATFORM_HEADERS } from '../../src/api/platform-headers.ts';

type Json = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ExampleBody {
  contentType: string;
  value: unknown;
  /** Property names the schema marks as binary, sent as files in multipart bodies. */
  binaryFields: string[];
}

export interface ExampleRequest {
  /** The path with its parameters filled in (not yet URL-joined with a server). */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: ExampleBody;
}

export interface ContractResponse {
  status: string;
  contentTypes: string[];
}

export interface ContractOperation {
  method: string;
  path: string;
  operationId: string;
  tag: string;
  inferred: boolean;
  summary: string;
  description: string;
  /** Server URLs of the operation (operation, path item or root level, whichever is nearest). */
  servers: string[];
  /** True when the operation declares servers of its own instead of inheriting the root's. */
  ownServers: boolean;
  security: boolean;
  responses: ContractResponse[];
  request: ExampleRequest;
}

/** Bundles the multi-file contract into one JSON document with Redocly and returns its path. */
export function bundleContract(root = 'openapi/openapi.yaml', out = '.tmp/openapi.bundled.json'): string {
  const file = resolve(out);
  mkdirSync(dirname(file), { recursive: true });
  const redocly = resolve('node_modules/.bin/redocly');
  try {
    execFileSync(process.execPath, [redocly, 'bundle', root, '-o', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`redocly bundle ${root} failed:\n${stderr}`, { cause: error });
  }
  return file;
}

export function readJson(file: string): Json {
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

/** Follows local `$ref`s (the bundle only has `#/...` ones) until a plain object is reached. */
export function deref<T = Json>(doc: Json, value: unknown, seen = new Set<string>()): T {
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) break;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part.replaceAll('~1', '/').replaceAll('~0', '~')))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  }
  return current as T;
}

export function listOperations(doc: Json): ContractOperation[] {
  const operations: ContractOperation[] = [];
  const rootServers = serverUrls(doc.servers);
  const rootSecurity = Array.isArray(doc.security) && doc.security.length > 0;
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Json)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    const itemParameters = asArray(item.parameters);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const operationServers = serverUrls(operation.servers);
      const itemServers = serverUrls(item.servers);
      const servers = operationServers.length ? operationServers : itemServers.length ? itemServers : rootServers;
      const security = Array.isArray(operation.security) ? operation.security.length > 0 : rootSecurity;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: String(operation.operationId ?? `${method} ${path}`),
        tag: String(asArray(operation.tags)[0] ?? ''),
        inferred: operation['x-inferred'] === true,
        summary: String(operation.summary ?? ''),
        description: String(operation.description ?? ''),
        servers,
        ownServers: operationServers.length > 0 || itemServers.length > 0,
        security,
        responses: Object.entries((operation.responses ?? {}) as Json).map(([status, response]) => ({
          status,
          contentTypes: Object.keys((deref(doc, response).content ?? {}) as Json),
        })),
        request: exampleRequest(doc, path, mergeParameters(doc, itemParameters, asArray(operation.parameters)), operation),
      });
    }
  }
  return operations;
}

/** Operation-level parameters override path-level ones with the same name and location. */
function mergeParameters(doc: Json, itemParameters: unknown[], operationParameters: unknown[]): Json[] {
  const byKey = new Map<string, Json>();
  for (const raw of [...itemParameters, ...operationParameters]) {
    const parameter = deref(doc, raw);
    if (isObject(parameter)) byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  return [...byKey.values()];
}

function exampleRequest(doc: Json, path: string, parameters: Json[], operation: Json): ExampleRequest {
  let filledPath = path;
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = {};
  for (const parameter of parameters) {
    const name = String(parameter.name);
    const platformHeader = parameter.in === 'header' && name.toLowerCase() in PLATFORM_HEADERS;
    if (platformHeader) continue;
    const example = parameterExample(doc, parameter);
    if (parameter.in === 'path') {
      const value = example === undefined ? placeholder(deref(doc, parameter.schema)) : example;
      filledPath = filledPath.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
    } else if (example === undefined) {
      continue;
    } else if (parameter.in === 'query') {
      for (const value of Array.isArray(example) ? example : [example]) query.push([name, scalar(value)]);
    } else if (parameter.in === 'header') {
      headers[name] = scalar(example);
    }
  }
  return { path: filledPath, query, headers, body: exampleBody(doc, operation.requestBody) };
}

function parameterExample(doc: Json, parameter: Json): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const named = firstNamedExample(doc, parameter.examples);
  if (named !== undefined) return named;
  const schema = deref(doc, parameter.schema);
  if (!isObject(schema)) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (parameter.required === true) return schema.default ?? asArray(schema.enum)[0] ?? placeholder(schema);
  return undefined;
}

const BODY_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];

function exampleBody(doc: Json, rawRequestBody: unknown): ExampleBody | undefined {
  const requestBody = deref(doc, rawRequestBody);
  if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
  const content = requestBody.content;
  const contentType =
    BODY_TYPES.find((type) => type in content) ?? Object.keys(content).find((type) => type.endsWith('+json'));
  if (!contentType) return undefined;
  const media = deref(doc, content[contentType]);
  const schema = deref(doc, media.schema);
  let value = firstNamedExample(doc, media.examples) ?? media.example;
  if (value === undefined && isObject(schema)) value = schema.example ?? asArray(schema.examples)[0];
  if (value === undefined) {
    if (requestBody.required !== true) return undefined;
    value = {};
  }
  return { contentType, value, binaryFields: binaryProperties(doc, schema) };
}

function binaryProperties(doc: Json, schema: unknown): string[] {
  const resolved = deref(doc, schema);
  if (!isObject(resolved)) return [];
  const fields = new Set<string>();
  const parts = [resolved, ...asArray(resolved.allOf).map((part) => deref(doc, part))];
  for (const part of parts) {
    if (!isObject(part) || !isObject(part.properties)) continue;
    for (const [name, rawProperty] of Object.entries(part.properties)) {
      if (isBinary(doc, rawProperty)) fields.add(name);
    }
  }
  return [...fields];
}

/** A file field: binary itself, an array of binaries, or a oneOf/anyOf offering either. */
function isBinary(doc: Json, rawSchema: unknown, depth = 0): boolean {
  const schema = deref(doc, rawSchema);
  if (!isObject(schema) || depth > 3) return false;
  if (schema.format === 'binary' || schema.contentEncoding === 'binary' || typeof schema.contentMediaType === 'string') {
    return true;
  }
  const members = [schema.items, ...asArray(schema.oneOf), ...asArray(schema.anyOf)].filter(Boolean);
  return members.some((member) => isBinary(doc, member, depth + 1));
}

function firstNamedExample(doc: Json, examples: unknown): unknown {
  if (!isObject(examples)) return undefined;
  const first = Object.values(examples)[0];
  if (first === undefined) return undefined;
  const example = deref(doc, first);
  return isObject(example) ? example.value : undefined;
}

function placeholder(schema: unknown): string | number {
  if (!isObject(schema)) return 'example';
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'example';
}

function scalar(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The request as fetch wants it: the URL against a base and the encoded body with its content type. */
export function toFetchRequest(
  base: string,
  operation: ContractOperation,
  extraHeaders: Record<string, string> = {},
): { url: string; init: RequestInit } {
  const { request } = operation;
  const url = new URL(base.replace(/\/$/, '') + request.path);
  for (const [name, value] of request.query) url.searchParams.append(name, value);
  const headers: Record<string, string> = { ...PLATFORM_HEADERS, ...extraHeaders, ...request.headers };
  const init: RequestInit = { method: operation.method, headers };
  if (request.body) {
    const { contentType, value, binaryFields } = request.body;
    if (contentType === 'multipart/form-data') {
      init.body = toFormData(value, binaryFields);
    } else if (contentType === 'application/x-www-form-urlencoded') {
      init.body = toSearchParams(value);
    } else {
      headers['content-type'] = contentType;
      init.body = JSON.stringify(value);
    }
  }
  // Every documented media type, so servers (and Prism's content negotiation) may answer any of them.
  const documentedTypes = [...new Set(operation.responses.flatMap((response) => response.contentTypes))];
  headers.accept ??= documentedTypes.length ? documentedTypes.join(', ') : '*/*';
  return { url: url.toString(), init };
}

function formEntries(value: unknown): Array<[string, unknown]> {
  if (!isObject(value)) return [];
  const entries: Array<[string, unknown]> = [];
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (Array.isArray(field)) for (const item of field) entries.push([name, item]);
    else entries.push([name, field]);
  }
  return entries;
}

function toFormData(value: unknown, binaryFields: string[]): FormData {
  const form = new FormData();
  for (const [name, field] of formEntries(value)) {
    if (binaryFields.includes(name)) {
      form.append(name, new Blob([scalar(field)], { type: 'application/octet-stream' }), `${name}.bin`);
    } else {
      form.append(name, scalar(field));
    }
  }
  return form;
}

function toSearchParams(value: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, field] of formEntries(value)) params.append(name, scalar(field));
  return params;
}

function serverUrls(servers: unknown): string[] {
  return asArray(servers)
    .filter(isObject)
    .map((server) => String(server.url));
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

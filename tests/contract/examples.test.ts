import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTTP_METHODS, listOperations } from '../../scripts/lib/contract-examples.ts';
import { contract, mediaExamples, zodForAnswer, type Json } from './support.ts';

const examples = mediaExamples();
const operations = listOperations(contract);

describe('every example of the HTTP contract', () => {
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(200);
  });

  it.each(examples.map((example) => [`${example.where} ${example.name}`, example] as const))(
    '%s parses with its generated zod schema',
    (_label, example) => {
      expect(example.schemaRef, `${example.where}: body schemas must be named $refs`).toMatch(/^#\/components\/schemas\//);
      const result = zodForAnswer(example, example.value).safeParse(example.value);
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );
});

describe('every operation of the HTTP contract', () => {
  it('allows the error envelope beside every JSON success answer of the API (not the broadcast auth, the update service or the static texts)', () => {
    const exempt = new Set(['authorizeBroadcastChannel', 'authenticateBroadcastUser', 'checkForUpdate', 'reportDeployStatus', 'reportDownload', 'getTranslations']);
    const successes = examples.filter((example) => example.status?.startsWith('2') && example.contentType === 'application/json');
    const without = successes.filter((example) => !example.envelopeAllowed && !exempt.has(example.operationId));
    expect(without.map((example) => example.operationId)).toEqual([]);
  });

  it('describes every operation', () => {
    expect(operations.filter((operation) => !operation.description?.trim()).map((operation) => operation.operationId)).toEqual([]);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s follows the conventions', (_id, operation) => {
    expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    expect(operation.tag).not.toBe('');
    expect(operation.summary).not.toBe('');
    if (operation.inferred) expect(operation.description).toMatch(/^Inferred:/);
    const statuses = operation.responses.map((response) => response.status);
    expect(statuses.some((status) => status.startsWith('2'))).toBe(true);
    if (operation.security) expect(statuses).toContain('401');
    expect(statuses.some((status) => /^[45]/.test(status))).toBe(true);
  });

  it('names each 401 as a number and as a string wherever bearer auth applies', () => {
    const unauthorized = examples.filter((example) => example.status === '401');
    for (const operation of operations.filter((candidate) => candidate.security)) {
      const names = unauthorized.filter((example) => example.operationId === operation.operationId).map((example) => example.name);
      expect(names, operation.operationId).toEqual(expect.arrayContaining(['unauthorizedNumber', 'unauthorizedString']));
    }
  });

  it('gives every read that answers a list an `empty` example next to `success`', () => {
    // Writes that answer what they created (a batch upload's messages) cannot come back empty.
    const reads = operations.filter((operation) => operation.method === 'GET' || /^(search|list|view|get)/.test(operation.operationId));
    for (const operation of reads) {
      const ok = examples.filter((example) => example.operationId === operation.operationId && example.status === '200');
      if (ok.length === 0) continue;
      const names = ok.map((example) => example.name);
      expect(names, operation.operationId).toContain('success');
      if (ok.some((example) => hasFilledList(example.value))) expect(names, operation.operationId).toContain('empty');
    }
  });

  it('sends the four platform headers on every call to the API and the app (not the native update service)', () => {
    const headerRefs = ['AppPlatforms', 'PwaVersion', 'AndroidVersion', 'IosVersion'].map((name) => `#/components/parameters/${name}`);
    for (const [path, item] of Object.entries(contract.paths as Record<string, Json>)) {
      const refs = ((item.parameters ?? []) as Json[]).map((parameter) => parameter.$ref);
      const isOta = Object.values(item).some((operation) => (operation as Json).tags?.toString() === 'ota');
      expect(refs, path).toEqual(isOta ? expect.not.arrayContaining(headerRefs) : expect.arrayContaining(headerRefs));
    }
  });

  it('has the counts docs/contract.md states', () => {
    const doc = readFileSync('docs/contract.md', 'utf8');
    expect(doc).toContain(`**${operations.length} operations**`);
    expect(doc).toContain(`**${operations.filter((operation) => operation.inferred).length} operations are marked \`x-inferred: true\`**`);
  });

  it('uses each operationId once', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps only HTTP methods and shared parameters in path items', () => {
    for (const item of Object.values(contract.paths as Json)) {
      for (const key of Object.keys(item as Json)) {
        expect([...HTTP_METHODS, 'parameters', 'servers', 'summary', 'description']).toContain(key);
      }
    }
  });
});

const ENVELOPE_AND_PAGING = new Set(['error', 'status_code', 'error_message', 'message', 'meta', 'has_new_event']);

// An answer whose payload is only lists (likes, users, data…) could also come back empty.
function hasFilledList(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const payload = Object.entries(value).filter(([key]) => !ENVELOPE_AND_PAGING.has(key));
  return payload.length > 0 && payload.every(([, field]) => Array.isArray(field)) && payload.some(([, field]) => field.length > 0);
}

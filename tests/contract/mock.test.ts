import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism.ts';
import { listOperations, toFetchRequest } from '../../scripts/lib/contract-examples.ts';
import { contract, mediaExamples, zodForAnswer } from './support.ts';
import { recordFigure } from '../support/figures.ts';

const operations = listOperations(contract);
const successExamples = mediaExamples().filter((example) => example.status?.startsWith('2'));
let prism: RunningPrism;

beforeAll(async () => {
  const started = performance.now();
  prism = await startPrism({ port: 0 });
  recordFigure('Prism mock start-up', Math.round(performance.now() - started), 'ms');
});
afterAll(() => prism?.stop());

async function call(operationId: string, prefer?: string) {
  const operation = operations.find((candidate) => candidate.operationId === operationId)!;
  const headers: Record<string, string> = { authorization: 'Bearer contract-test' };
  if (prefer) headers.prefer = prefer;
  const { url, init } = toFetchRequest(prism.url, operation, headers);
  const response = await fetch(url, init);
  const type = response.headers.get('content-type') ?? '';
  return { response, body: type.includes('json') ? await response.json() : await response.text() };
}

describe('the Prism mock', () => {
  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    'answers %s with a body its generated schema accepts',
    async (operationId, operation) => {
      const { response, body } = await call(operationId);
      expect(response.status, JSON.stringify(body)).toBeLessThan(300);
      const example = successExamples.find((candidate) => candidate.operationId === operationId && candidate.status === String(response.status));
      expect(example, `${operation.method} ${operation.path}`).toBeDefined();
      const parsed = zodForAnswer(example!, body).safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );

  it.each(successExamples.map((example) => [`${example.operationId} ${example.name}`, example] as const))(
    'serves the named example %s on request',
    async (_label, example) => {
      const { response, body } = await call(example.operationId, `example=${example.name}`);
      expect(response.status).toBe(Number(example.status));
      expect(body).toEqual(example.value);
    },
  );

  it('refuses a call without a bearer token, as the contract declares', async () => {
    const operation = operations.find((candidate) => candidate.operationId === 'getUserData')!;
    const { url, init } = toFetchRequest(prism.url, operation);
    const response = await fetch(url, init);
    expect(response.status).toBe(401);
  });
});

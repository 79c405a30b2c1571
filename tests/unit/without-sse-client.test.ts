// The app's build leaves out the generated client's server-sent-events code (scripts/lib/without-sse-client.ts):
// right only while no operation of the contract streams them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SSE_MODULE, withoutSseClient } from '../../scripts/lib/without-sse-client.ts';

describe('the build without the server-sent-events client', () => {
  it('holds while no operation of the contract answers text/event-stream', () => {
    const contract = JSON.parse(readFileSync('generated/openapi.bundled.json', 'utf8')) as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };
    const streaming = Object.entries(contract.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.values(operation?.responses ?? {}).some((response) => Object.keys(response?.content ?? {}).some((type) => type.startsWith('text/event-stream'))) ? [`${method.toUpperCase()} ${path}`] : [],
      ),
    );
    expect(streaming).toEqual([]);
  });

  it('replaces only the generated client\'s import of it', () => {
    const plugin = withoutSseClient() as unknown as { resolveId(source: string, importer?: string): string | undefined; load(id: string): string | undefined };
    const stub = plugin.resolveId('../core/serverSentEvents.gen', '/work/app/generated/http/client/client.gen.ts');
    expect(stub).toBeDefined();
    expect(plugin.load(stub!)).toContain('export const createSseClient');
    expect(plugin.resolveId('../core/serverSentEvents.gen', '/work/app/src/somewhere.ts')).toBeUndefined();
    expect(plugin.resolveId('../core/params.gen', '/work/app/generated/http/client/client.gen.ts')).toBeUndefined();
    expect(SSE_MODULE.test('../core/serverSentEvents.gen.ts')).toBe(true);
  });
});

// Regenerates generated/ from the contract: bundle OpenAPI, turn the AsyncAPI payload schemas into
// an OpenAPI components document, then run hey-api on both so HTTP and realtime code share one style.
// GENERATED_DIR=<dir> writes elsewhere (the freshness test compares that with the committed copy).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { asyncapiSchemasAsOpenApi } from './lib/asyncapi-schemas.ts';

const started = performance.now();
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const out = resolve(process.env.GENERATED_DIR ?? 'generated');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

try {
  execFileSync(process.execPath, [resolve('node_modules/.bin/redocly'), 'bundle', 'openapi/openapi.yaml', '-o', `${out}/openapi.bundled.json`], {
    stdio: 'pipe',
  });
} catch (error) {
  process.stderr.write((error as { stderr?: Buffer }).stderr ?? String(error));
  process.exit(1);
}
const codegenInput = successOnly(`${out}/openapi.bundled.json`);
const realtime = await asyncapiSchemasAsOpenApi('asyncapi/asyncapi.yaml');
writeFileSync(`${out}/realtime.schemas.json`, `${JSON.stringify(realtime, null, 2)}\n`);

const silent = { logs: { level: 'silent' as const } };
await createClient([
  {
    ...silent,
    input: codegenInput,
    output: { path: `${out}/http` },
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      // Zod Mini: the same validation with a smaller, faster-to-start runtime (the schemas load on
      // a phone's critical path to the first feed).
      { name: 'zod', compatibilityVersion: 'mini' },
      // Answers are validated (the server is the untrusted side); requests are typed by TypeScript.
      // Request validation is off because the zod plugin maps binary fields (file uploads) to
      // strings, which would refuse every Blob before it is sent.
      { name: '@hey-api/sdk', validator: { request: false, response: 'zod' } },
      '@tanstack/react-query',
    ],
  },
  {
    // The start-up SDK: the two calls made while the app starts, before the validators (and the full
    // SDK) have loaded, so they weigh nothing on the first paint: the translations (checked by i18n
    // itself) and a returning user's first feed page (validated by the feed when it takes it). It uses
    // the full SDK's client (see shareStartClient below), so src/api configures one client for both.
    ...silent,
    input: codegenInput,
    output: { path: `${out}/http-start` },
    parser: { filters: { orphans: true, operations: { include: ['GET /assets/i18n/{lang}.json', 'GET /ess/feed'] } } },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', { name: '@hey-api/sdk', validator: false }],
  },
  {
    ...silent,
    input: `${out}/realtime.schemas.json`,
    output: { path: `${out}/realtime` },
    plugins: ['@hey-api/typescript', { name: 'zod', compatibilityVersion: 'mini' }],
  },
]);
shareStartClient(`${out}/http-start`);
rmSync(codegenInput, { force: true });
console.log(`generate: ${out} in ${Math.round(performance.now() - started)} ms`);

/** Points the start-up SDK at generated/http's client and drops its own copy of the client runtime. */
function shareStartClient(dir: string): void {
  for (const name of ['client', 'core', 'client.gen.ts', 'index.ts']) rmSync(`${dir}/${name}`, { recursive: true, force: true });
  const sdk = `${dir}/sdk.gen.ts`;
  writeFileSync(sdk, readFileSync(sdk, 'utf8').replace(/from '\.\/client(\.gen)?'/g, (_match, gen: string | undefined) => `from '../http/client${gen ?? ''}'`));
}

/**
 * The contract says a success answer is either its success shape or the error envelope (`anyOf` with
 * ErrorBody), which is what Prism, the docs and contract:check see. The app's client throws on the
 * envelope before the response schema is checked (src/api/client.ts), so the generated types and
 * validators describe the success branch only: otherwise every screen would narrow a union. Written
 * beside the output for the generator and removed afterwards.
 */
interface JsonSchema {
  $ref?: string;
  anyOf?: JsonSchema[];
}

function successOnly(bundlePath: string): string {
  const document = JSON.parse(readFileSync(bundlePath, 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (!status.startsWith('2') || !schema?.anyOf) continue;
        const success = schema.anyOf.filter((branch) => branch.$ref !== ERROR_BODY_REF);
        if (success.length === 1 && success.length < schema.anyOf.length) response.content!['application/json']!.schema = success[0];
      }
    }
  }
  const path = `${bundlePath.replace(/\.json$/, '')}.codegen.json`;
  writeFileSync(path, JSON.stringify(document));
  return path;
}

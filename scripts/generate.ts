// Regenerates generated/ from the contract: bundle OpenAPI, turn the AsyncAPI payload schemas into
// an OpenAPI components document, then run hey-api on both so HTTP and realtime code share one style.
// GENERATED_DIR=<dir> writes elsewhere (the freshness test compares that with the committed copy).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { asyncapiSchemasAsOpenApi } from './lib/asyncapi-schemas.ts';

const started = performance.now();
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
const realtime = await asyncapiSchemasAsOpenApi('asyncapi/asyncapi.yaml');
writeFileSync(`${out}/realtime.schemas.json`, `${JSON.stringify(realtime, null, 2)}\n`);

const silent = { logs: { level: 'silent' as const } };
await createClient([
  {
    ...silent,
    input: `${out}/openapi.bundled.json`,
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
    ...silent,
    input: `${out}/realtime.schemas.json`,
    output: { path: `${out}/realtime` },
    plugins: ['@hey-api/typescript', { name: 'zod', compatibilityVersion: 'mini' }],
  },
]);
console.log(`generate: ${out} in ${Math.round(performance.now() - started)} ms`);

import { resolve } from 'node:path';
import { defineConfig } from '@hey-api/openapi-ts';

// GENERATED_DIR lets the freshness test generate into a scratch folder and compare.
const out = resolve(process.env.GENERATED_DIR ?? 'generated');

export default defineConfig([
  {
    input: `${out}/openapi.bundled.json`,
    output: { path: `${out}/http`, postProcess: [] },
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      'zod',
      { name: '@hey-api/sdk', validator: true },
      '@tanstack/react-query',
    ],
  },
]);

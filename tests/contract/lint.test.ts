import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('the OpenAPI contract lints with no errors and no warnings on the strict configuration', () => {
  const output = execFileSync(process.execPath, [resolve('node_modules/.bin/redocly'), 'lint', 'openapi/openapi.yaml', '--format=json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const report = JSON.parse(output) as { totals: { errors: number; warnings: number; ignored: number } };
  expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
});

it("Spectral's oas ruleset finds nothing in the contract (.spectral.yaml allows only SPEC §7's trailing slash)", () => {
  const output = execFileSync(process.execPath, [resolve('node_modules/.bin/spectral'), 'lint', 'openapi/openapi.yaml', '--format=json', '--quiet'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const findings = JSON.parse(output) as Array<{ code: string; message: string; path: string[] }>;
  expect(findings.map(({ code, message, path }) => `${code} ${path.join('.')}: ${message}`)).toEqual([]);
});

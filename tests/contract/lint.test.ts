import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

// npm test runs these two linters only here (not again as steps of their own): a failure lists each finding.

/** The linter's JSON report; it exits non-zero when it finds something, and the report is then what it printed. */
function lintReport(cli: string, args: string[]): string {
  try {
    return execFileSync(process.execPath, [resolve('node_modules/.bin', cli), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout?.trim()) return stdout;
    throw new Error(`${cli} failed without a report:\n${stderr ?? String(error)}`, { cause: error });
  }
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  ignored?: boolean;
  location?: Array<{ source?: { ref?: string }; pointer?: string }>;
}

it('the OpenAPI contract lints with no errors and no warnings on the strict configuration', () => {
  const output = lintReport('redocly', ['lint', 'openapi/openapi.yaml', '--format=json']);
  const report = JSON.parse(output) as { totals: { errors: number; warnings: number; ignored: number }; problems?: RedoclyProblem[] };
  const findings = (report.problems ?? []).map(({ ruleId, severity, message, ignored, location }) => {
    const where = location?.[0] ? `${location[0].source?.ref ?? ''}${location[0].pointer ?? ''}` : '';
    return `${ignored ? 'ignored ' : ''}${severity} ${ruleId} ${where}: ${message}`;
  });
  expect(report.totals, findings.join('\n')).toEqual({ errors: 0, warnings: 0, ignored: 0 });
});

it("Spectral's oas ruleset finds nothing in the contract (.spectral.yaml allows only SPEC §7's trailing slash)", () => {
  const output = lintReport('spectral', ['lint', 'openapi/openapi.yaml', '--format=json', '--quiet']);
  const findings = JSON.parse(output) as Array<{ code: string; message: string; path: string[] }>;
  expect(findings.map(({ code, message, path }) => `${code} ${path.join('.')}: ${message}`)).toEqual([]);
});

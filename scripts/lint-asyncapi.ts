// Lints asyncapi/asyncapi.yaml: the parser's own validation (Spectral AsyncAPI ruleset, file refs
// resolved) plus the project's rules the ruleset does not have for 3.0: every message example has a
// unique kebab-case name and validates against its payload schema. Warnings fail like errors.
import { relative } from 'node:path';
import { exampleProblems, messageExamples, parseAsyncApi } from './lib/asyncapi-schemas.ts';
import type { Problem } from './lib/asyncapi-schemas.ts';

const ERROR = 0;
const WARNING = 1;
const path = process.argv[2] ?? 'asyncapi/asyncapi.yaml';

const started = performance.now();
const { document, diagnostics } = await parseAsyncApi(path);
const problems: Problem[] = diagnostics.map((d) => ({
  severity: d.severity,
  code: String(d.code),
  message: d.message,
  where: `${d.path.join('.')}${d.range ? ` (line ${d.range.start.line + 1})` : ''}`,
}));
if (document) {
  problems.push(...exampleProblems(document));
  if (messageExamples(document).length === 0) {
    problems.push({ severity: ERROR, code: 'examples', message: 'no message examples', where: 'components.messages' });
  }
}

const label = ['error', 'warning', 'info', 'hint'];
for (const p of problems) {
  console.log(`${relative('.', path)} ${label[p.severity] ?? p.severity} ${p.code}: ${p.message}${p.where ? `  at ${p.where}` : ''}`);
}
const errors = problems.filter((p) => p.severity === ERROR).length;
const warnings = problems.filter((p) => p.severity === WARNING).length;
console.log(`asyncapi: ${errors} errors, ${warnings} warnings (${Math.round(performance.now() - started)} ms)`);
process.exitCode = errors + warnings > 0 || !document ? 1 : 0;

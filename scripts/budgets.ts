// The size budgets of a build (scripts/lib/route-budgets.ts): initial JavaScript and each start route's
// JavaScript before its first content, read from the build's chunk graph. No browser and no timing: the
// same build always gives the same figures, so `npm test` runs this right after the build and fails on any
// miss. `npm run bench` checks the same budgets as its part `js`.
//   node scripts/budgets.ts [--dist dist]
// Prints each figure (and records it for npm test's figures), then one line per miss, each starting with
// BUDGET_MISSED; exits 1 when any budget is missed or the build cannot be measured.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { recordFigure } from '../tests/support/figures.ts';
import { describeRoute, kb, measureSizes, type SizeMeasure } from './lib/route-budgets.ts';

/** How each miss's line starts, so npm test's summary can repeat it (scripts/test.ts). */
export const BUDGET_MISSED = 'Budget missed: ';

/** Prints the sizes of the build in `dist` and records them as figures; returns every budget missed. */
export function checkSizeBudgets(dist: string): string[] {
  let sizes: SizeMeasure;
  try {
    sizes = measureSizes(dist);
  } catch (error) {
    return [`the build in ${dist} cannot be measured: ${(error as Error).message}`];
  }
  const misses: string[] = [];
  const { initial, routes, allAppJs, serviceWorkerJs } = sizes;
  console.log('Initial JavaScript (the entry, what index.html loads, and their static imports, gzip -9):');
  for (const file of initial.files) console.log(`  ${file.file}: ${kb(file.bytes)} KB`);
  console.log(`Initial JS: ${kb(initial.bytes)} KB gzip (budget ${initial.budgetKb} KB)`);
  console.log(`All app JS: ${kb(allAppJs.bytes)} KB gzip in ${allAppJs.files} files; service worker: ${kb(serviceWorkerJs.bytes)} KB gzip in ${serviceWorkerJs.files} files`);
  recordFigure('initial JS (gzip)', kb(initial.bytes), 'KB');
  recordFigure('all app JS (gzip)', kb(allAppJs.bytes), 'KB');
  if (initial.over) misses.push(`initial JS ${kb(initial.bytes)} KB > ${initial.budgetKb} KB`);
  for (const route of routes) {
    console.log(describeRoute(route));
    recordFigure(`${route.budget.name} JS before first content (gzip)`, kb(route.bytes), 'KB');
    if (route.over) misses.push(`${route.budget.name} JS before first content ${kb(route.bytes)} KB > ${route.budget.budgetKb} KB`);
  }
  return misses;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
  const misses = checkSizeBudgets(resolve(values.dist ?? 'dist'));
  for (const miss of misses) console.log(`${BUDGET_MISSED}${miss}`);
  if (misses.length === 0) console.log('All size budgets met.');
  process.exit(misses.length === 0 ? 0 : 1);
}

// What a run of `scripts/bench.ts` missed, part by part, for `npm test` (scripts/test.ts): it measures
// once more the parts whose checks run in a browser under load, and names every miss in its last lines
// (all that CI shows of a long run is its end).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const BUDGETS_REPORT = '.tmp/budgets.json';
/** Where npm test has the parts measured again report (`--report`), so the first run's stays. */
export const BUDGETS_AGAIN_REPORT = '.tmp/budgets-again.json';

export interface BudgetsReport {
  /** The parts measured (bench.ts `--only`). */
  parts: string[];
  /** Each failing budget missed, with the part that measured it. */
  missed: Array<{ part: string; budget: string }>;
}

export function writeBudgetsReport(report: BudgetsReport, file = BUDGETS_REPORT): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(report));
}

/** A run's report; undefined when it left none (it stopped before its end, or did not run). */
export function readBudgetsReport(file = BUDGETS_REPORT): BudgetsReport | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BudgetsReport) : undefined;
}

export const removeBudgetsReport = (file = BUDGETS_REPORT) => rmSync(file, { force: true });

/**
 * The parts of a failed run to measure once more: those that missed, when each miss is of a check that
 * load can make miss (a bench's own check in a browser, a Lighthouse page, the dispatcher's timed
 * stream). None when a size (part `js`) was missed, as sizes do not move with load, or when the run
 * left no report.
 */
export function partsToMeasureAgain(report: BudgetsReport | undefined): string[] {
  const missed = report?.missed ?? [];
  if (missed.some((miss) => miss.part === 'js')) return [];
  return [...new Set(missed.map((miss) => miss.part))];
}

/** What the first run missed and the second, measuring those parts again, met. */
export function flakyBudgets(first: BudgetsReport['missed'], last: BudgetsReport['missed']): BudgetsReport['missed'] {
  return first.filter((miss) => !last.some((again) => again.part === miss.part));
}

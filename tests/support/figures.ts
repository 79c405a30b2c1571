// Measured figures (durations, sizes) that `npm test` prints in its summary. Printed, never asserted:
// timings on a shared 2-core machine vary, so they inform rather than fail.
import { appendFileSync, mkdirSync } from 'node:fs';

export const FIGURES_FILE = '.tmp/figures.jsonl';

export function recordFigure(name: string, value: number, unit: string): void {
  console.log(`${name}: ${value} ${unit}`);
  mkdirSync('.tmp', { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ name, value, unit })}\n`);
}

// npm test's budgets step (scripts/test.ts) measures again only what load can make miss, and tells a
// budget met on its second measure (flaky) from one missed twice.
import { describe, expect, it } from 'vitest';
import { flakyBudgets, partsToMeasureAgain } from '../../scripts/lib/budgets-report.ts';

const jump = { part: 'chat', budget: 'chat room: the message being read moved 3 px around a prepend (budget 0 px)' };
const lighthouse = { part: 'lighthouse', budget: 'Lighthouse /home measured /login instead (the seeded session was not accepted)' };
const size = { part: 'js', budget: 'Home JS before first content 170 KB > 165 KB' };

describe('partsToMeasureAgain', () => {
  it('names each part that missed in a browser, once', () => {
    expect(partsToMeasureAgain({ parts: ['js', 'lighthouse', 'chat'], missed: [jump, lighthouse, { ...jump, budget: 'chat room: 61 message elements in the DOM > 60' }] })).toEqual(['chat', 'lighthouse']);
  });

  it('names none when a size was missed (sizes do not move with load), nor when nothing was', () => {
    expect(partsToMeasureAgain({ parts: ['js', 'chat'], missed: [jump, size] })).toEqual([]);
    expect(partsToMeasureAgain({ parts: ['js', 'chat'], missed: [] })).toEqual([]);
  });

  it('names none when the run left no report (it stopped before its end)', () => {
    expect(partsToMeasureAgain(undefined)).toEqual([]);
  });
});

describe('flakyBudgets', () => {
  it('is what the first run missed in a part the second met', () => {
    expect(flakyBudgets([jump, lighthouse], [lighthouse])).toEqual([jump]);
  });

  it('is nothing when the second run missed in the same parts again', () => {
    expect(flakyBudgets([jump], [{ ...jump, budget: 'chat room: 61 message elements in the DOM > 60' }])).toEqual([]);
  });
});

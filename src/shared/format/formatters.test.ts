import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDay, formatTime, prepareDateFormatters } from './formatters.ts';

const at = new Date('2025-06-02T09:30:00Z');

describe('prepareDateFormatters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('makes the time and day formatters in a task of its own, so the first row formats without making one', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormatters('en-GB');
    // Not in the caller's task: the screen's request goes out first.
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(2);
    made.mockClear();
    expect(formatTime(at, 'en-GB')).toBe(new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(at));
    expect(formatDay(at, 'en-GB')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(at));
    // The two made just above for the expectations; none by the formatters themselves.
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('does nothing once cancelled (the screen left before its turn came)', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormatters('de-AT')();
    vi.runAllTimers();
    expect(made).not.toHaveBeenCalled();
  });
});

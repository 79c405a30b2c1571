import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, formatDateTime, formatDay, formatTime, prepareDateFormatters, warmUpFormatters } from './formatters.ts';

const at = new Date('2025-06-02T09:30:00Z');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('formatCount', () => {
  it('writes a whole count under 1,000 without making an Intl formatter, as Intl would write it', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    expect([0, 7, 999, -12].map((count) => formatCount(count, 'id'))).toEqual(['0', '7', '999', '-12']);
    expect(made).not.toHaveBeenCalled();
  });

  it('uses the language for larger counts and fractions (thousands separators, no decimals)', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'id')).toBe('1.234.567');
    expect(formatCount(2.6, 'en')).toBe('3');
  });
});

describe('warmUpFormatters', () => {
  it('makes the date-and-time formatter ahead, so formatting later makes none', () => {
    warmUpFormatters('fr');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatDateTime(at, 'fr')).not.toBe('');
    expect(made).not.toHaveBeenCalled();
  });
});

describe('prepareDateFormatters', () => {
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, formatCount, formatDateTime, formatDay, formatTime, prepareDateFormatters } from './formatters.ts';

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

describe('formatBytes', () => {
  it('writes a file size in the largest unit under 1024, one decimal below 10, in the language', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1536, 'id')).toBe('1,5 KB');
    expect(formatBytes(25 * 1024 * 1024, 'en')).toBe('25 MB');
    expect(formatBytes(3.25 * 1024 ** 3, 'en')).toBe('3.3 GB');
    expect(formatBytes(5 * 1024 ** 4, 'en')).toBe('5,120 GB');
  });
});

describe('prepareDateFormatters', () => {
  it('makes the date formatters in a task of its own, so the first post or row formats without making one', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormatters('en-GB');
    // Not in the caller's task: the start's (or the screen's) requests go out first.
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(3);
    made.mockClear();
    expect(formatDateTime(at, 'en-GB')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    expect(formatTime(at, 'en-GB')).toBe(new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(at));
    expect(formatDay(at, 'en-GB')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(at));
    // The three made just above for the expectations; none by the formatters themselves.
    expect(made).toHaveBeenCalledTimes(3);
  });

  it('does nothing once cancelled (the screen left before its turn came)', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateFormatters('de-AT')();
    vi.runAllTimers();
    expect(made).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { countOf, formatBytes, formatCount, formatDateTime, formatDay, formatTime, httpUrl, NO_VALUE, parseDate, parseUrl, type DateValue } from './formatters.ts';
import { sequence } from '../../../mocks/sandbox/chat/seed.ts';

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

describe('dates in the languages the app speaks', () => {
  const intl = { dateTime: { dateStyle: 'medium', timeStyle: 'short' }, time: { timeStyle: 'short' }, day: { dateStyle: 'medium' } } as const;

  it('are written exactly as Intl writes them, for any date of years 1 to 9999, in English and Indonesian', () => {
    const formatters = ['en', 'id'].map((language) => ({
      language,
      dateTime: new Intl.DateTimeFormat(language, intl.dateTime),
      time: new Intl.DateTimeFormat(language, intl.time),
      day: new Intl.DateTimeFormat(language, intl.day),
    }));
    // 3,000 dates spread over years 1 to 9999 (a seeded sequence: the same dates every run), and every hour.
    const random = sequence(36);
    const from = new Date(1, 0, 1).getTime();
    const span = new Date(9999, 11, 31, 23, 59).getTime() - from;
    const dates = Array.from({ length: 3000 }, () => new Date(from + Math.floor(random() * span)));
    for (let hour = 0; hour < 24; hour += 1) dates.push(new Date(2026, 10, 21, hour, hour));
    for (const date of dates) {
      for (const { language, dateTime, time, day } of formatters) {
        expect(formatDateTime(date, language)).toBe(dateTime.format(date));
        expect(formatTime(date, language)).toBe(time.format(date));
        expect(formatDay(date, language)).toBe(day.format(date));
      }
    }
    expect([formatDateTime(at, 'en'), formatDateTime(at, 'id')]).toEqual([
      new Intl.DateTimeFormat('en', intl.dateTime).format(at),
      new Intl.DateTimeFormat('id', intl.dateTime).format(at),
    ]);
  });

  it('make no Intl object (the first one of a page loads the locale data: 150 ms of a phone\'s start); other languages go to Intl', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (const language of ['en', 'id', undefined, '']) [formatDateTime, formatTime, formatDay].forEach((format) => format(at, language));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(formatDay(at, 'de-AT')).toBe(new Intl.DateTimeFormat('de-AT', intl.day).format(at));
    expect(formatTime(new Date(-1, 0, 1), 'en')).toBe(new Intl.DateTimeFormat('en', intl.time).format(new Date(-1, 0, 1)));
  });
});

// Issue 33: what the server sends is read without ever throwing. A property test over many generated
// values (the sandbox's seeded generator, so a failure names the value and runs the same again): contract-valid
// answers hold any string where a date or an address is due, and any number where a count or a size is.

const PIECES = ['2024', '-', '05', '13', 'T', ':', '99', 'Z', '+', '275760', '.', '000', ' ', 'http', 'https', '://', '/', '?', '#', '@', '%', '%zz', '[', ']', 'xn--', 'javascript:', 'data:', '\\', '\u0000', '\u202e', '\ud800', 'é', '中', 'yesterday', 'NaN', 'Infinity', '1e308', '-0', ''];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 12);
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += next() < 0.7 ? PIECES[Math.floor(next() * PIECES.length)] : String.fromCharCode(Math.floor(next() * 0x10000));
  }
  return text;
}

const NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 999, 1000, 1e21, -1e21, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, 8.64e15, 8.64e15 + 1, NaN, Infinity, -Infinity];

function randomValue(next: () => number): unknown {
  const pick = next();
  if (pick < 0.55) return randomString(next);
  if (pick < 0.75) return NUMBERS[Math.floor(next() * NUMBERS.length)]! * (next() < 0.5 ? 1 : next() * 3);
  if (pick < 0.85) return (next() - 0.5) * 10 ** Math.floor(next() * 400 - 200);
  return [null, undefined, true, {}, [], new Date(NaN)][Math.floor(next() * 6)];
}

const generated = (seed: number, count: number) => {
  const next = sequence(seed);
  return Array.from({ length: count }, () => randomValue(next));
};

describe('reading what the server sent (issue 33)', () => {
  it('parseDate: any value reads as a valid Date or null, never throws', () => {
    for (const value of generated(33, 1500)) {
      const date = parseDate(value);
      expect(date === null || !Number.isNaN(date.getTime()), JSON.stringify(value)).toBe(true);
    }
  });

  it('parseDate: an ISO date reads as that date; none, empty and unreadable ones are null', () => {
    expect(parseDate('2025-06-02T09:30:00Z')?.toISOString()).toBe('2025-06-02T09:30:00.000Z');
    expect(parseDate(at.getTime())?.getTime()).toBe(at.getTime());
    for (const bad of [null, undefined, '', 'yesterday', '2024-13-45T99:99:99Z', '+275760-09-13T00:00:00.001Z', 8.64e15 + 1, {}, new Date(NaN)]) expect(parseDate(bad)).toBeNull();
  });

  it('the date formatters: any value gives a text, the date as before or "—", never throws', () => {
    for (const value of generated(34, 800) as DateValue[]) {
      for (const format of [formatDateTime, formatTime, formatDay]) {
        const text = format(value, 'en');
        expect(typeof text, JSON.stringify(value)).toBe('string');
        if (parseDate(value) === null) expect(text).toBe(NO_VALUE);
      }
    }
    expect(formatDay('not a date', 'en')).toBe('—');
    expect(formatTime('2025-06-02T09:30:00Z', 'en-GB')).toBe(formatTime(at, 'en-GB'));
    expect(formatDateTime('2025-06-02T09:30:00Z', 'id')).toBe(new Intl.DateTimeFormat('id', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
  });

  it('countOf: any value is a whole count of at least 0; formatCount and formatBytes show any number, formatBytes "—" for what is no size', () => {
    for (const value of generated(35, 1500)) {
      const count = countOf(value);
      expect(Number.isSafeInteger(count) || (Number.isInteger(count) && count > 0), JSON.stringify(value)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(0);
      if (typeof value === 'number') {
        expect(typeof formatCount(value, 'en')).toBe('string');
        expect(typeof formatBytes(value, 'id')).toBe('string');
      }
    }
    expect([countOf(4), countOf('12'), countOf(2.7), countOf(-3), countOf(''), countOf(null), countOf('x'), countOf(Infinity)]).toEqual([4, 12, 2, 0, 0, 0, 0, 0]);
    expect(formatBytes(-1, 'en')).toBe('—');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
    expect(formatBytes(Infinity, 'en')).toBe('—');
    expect(formatBytes(Number.MAX_VALUE, 'en')).toMatch(/ GB$/);
  });

  it('httpUrl: any value is an http(s) address or null, never throws', () => {
    for (const value of generated(36, 1500)) {
      expect(httpUrl(value) === null || /^https?:\/\//.test(httpUrl(value)!), JSON.stringify(value)).toBe(true);
      const http = httpUrl(value, 'https://app.example/chats');
      expect(http === null || /^https?:\/\//.test(http), JSON.stringify(value)).toBe(true);
    }
    expect(httpUrl('https://files.example/a b.png')).toBe('https://files.example/a%20b.png');
    expect(httpUrl('/storage/a.png', 'https://app.example/chats')).toBe('https://app.example/storage/a.png');
    for (const bad of ['', 'not an address', 'javascript:alert(1)', 'data:text/html,x', 'http://[::1', 'https://exa mple.com', null, 42]) expect(httpUrl(bad)).toBeNull();
  });

  it('parseUrl: any value is an address (any scheme: a media server\'s wss:, a mailto: link) or null, never throws', () => {
    for (const value of generated(37, 1500)) {
      const url = parseUrl(value, 'https://app.example/chats');
      expect(url === null || url instanceof URL, JSON.stringify(value)).toBe(true);
    }
    expect(parseUrl('/janus', 'https://app.example/chats')?.href).toBe('https://app.example/janus');
    expect(parseUrl('wss://media.example/janus')?.protocol).toBe('wss:');
    for (const bad of ['', 'not an address', 'http://[::1', null, 42, {}]) expect(parseUrl(bad)).toBeNull();
  });
});

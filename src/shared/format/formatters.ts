// Intl formatters are costly to create (a list renders dozens of dates and counts on a phone's first
// paint): one per language and style, created on first use. An unknown language tag (i18next's
// 'cimode', a stored oddity) falls back to English rather than break the screen.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: (language: string) => T, language: string | undefined): T {
  const wanted = language || 'en';
  const found = cache.get(`${key}|${wanted}`);
  if (found) return found as T;
  let formatter: T;
  try {
    formatter = create(wanted);
  } catch {
    formatter = create('en');
  }
  cache.set(`${key}|${wanted}`, formatter);
  return formatter;
}

/**
 * SPEC §9: thousands separators, 0 decimals. A whole number under 1,000 reads the same in every language
 * the app speaks (no separator, Latin digits), and it is what nearly every count on a screen is: it skips
 * Intl, whose first formatter costs a phone about 50 ms of the first paint (measured on Home).
 */
export function formatCount(count: number, language: string | undefined): string {
  if (Number.isInteger(count) && Math.abs(count) < 1000) return String(count);
  return cached('count', (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }), language).format(count);
}

const dateTimeFormat = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = (tag: string) => new Intl.DateTimeFormat(tag, { timeStyle: 'short' });
const dayFormat = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });

/** A date and time as people read them in that language ("21 Nov 2026, 10:00"). */
export function formatDateTime(date: Date, language: string | undefined): string {
  return cached('date-time', dateTimeFormat, language).format(date);
}

export function formatTime(date: Date, language: string | undefined): string {
  return cached('time', timeFormat, language).format(date);
}

export function formatDay(date: Date, language: string | undefined): string {
  return cached('day', dayFormat, language).format(date);
}

/**
 * Creates the date formatters of `language` (date and time, day, time) in a task of their own, and
 * returns a cancel. The first Intl object of a page pays for the engine's locale data (about 10 ms here,
 * 30 to 50 ms on a phone): the start calls this while it waits for the network, and so does a screen that
 * has just asked for its list (after a change of language), so that cost is not paid between the answer
 * and the first row.
 */
export function prepareDateFormatters(language: string | undefined): () => void {
  const timer = setTimeout(() => {
    cached('date-time', dateTimeFormat, language);
    cached('day', dayFormat, language);
    cached('time', timeFormat, language);
  }, 0);
  return () => clearTimeout(timer);
}

/** Bytes as a person reads them: 512 B, 1.4 KB, 3.2 MB. */
export function formatBytes(bytes: number, language: string | undefined): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${cached(`bytes-${digits}`, (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: digits }), language).format(value)} ${units[unit]}`;
}


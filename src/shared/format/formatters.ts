// Every date, number and address the server sends is read here before it is shown (issue 33: one bad
// field never takes a screen down). The contract types them loosely (a date is a `string`, a count a
// `number`), so an answer can be valid and still hold "yesterday", -3 or 1e308: these readers never
// throw, and say null (or 0 for a count) for what cannot be read; the formatters show NO_VALUE for it.
//
// Intl formatters are costly to create (a list renders dozens of dates and counts on a phone's first
// paint): one per language and style, created on first use. An unknown language tag (a stored oddity)
// falls back to English rather than break the screen.
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

/** What a screen shows where a date, a time or a number from the server cannot be read. */
export const NO_VALUE = '—';

/** What the server may send for a date: an ISO 8601 text, as the contract says (epoch ms and Dates read too). */
export type DateValue = Date | string | number | null | undefined;

/** The date the server sent, or null when it sent none or one that is no date (never throws). */
export function parseDate(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** A count the server sent, as a whole number of at least 0 (a numeric text counts; anything else is 0). */
export function countOf(value: unknown): number {
  const count = typeof value === 'number' || typeof value === 'string' ? Number(value) : 0;
  return count > 0 && count < Infinity ? Math.floor(count) : 0;
}

/**
 * An http(s) address the server sent, normalised (a relative one against `base`, when given); null for
 * none, one that is no address, and any other scheme (javascript:, data:, blob:). Never throws.
 */
export function httpUrl(value: unknown, base?: string | URL): string | null {
  const url = parseUrl(value, base);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}

/** An address from the server (or the configuration), resolved against `base`; null for one that is no address. Never throws. */
export function parseUrl(value: unknown, base?: string | URL): URL | null {
  try {
    return typeof value === 'string' && value ? new URL(value, base) : null;
  } catch {
    return null;
  }
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

// The dates of the two languages the app speaks are written here, exactly as Intl writes them (a
// property test holds them to Intl): the first Intl object of a page loads the engine's locale data, about
// 150 ms of a phone's start at 4× CPU, and Home's posts need no more than a month's short name. Any other
// language tag goes to Intl.
const MONTHS: Record<'en' | 'id', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
};
type Spoken = keyof typeof MONTHS;
const pad = (value: number) => String(value).padStart(2, '0');

/** "Nov 21, 2026" / "21 Nov 2026" (Intl's medium date style). */
function writeDay(language: Spoken, date: Date): string {
  const month = MONTHS[language][date.getMonth()];
  return language === 'en' ? `${month} ${date.getDate()}, ${date.getFullYear()}` : `${date.getDate()} ${month} ${date.getFullYear()}`;
}

/** "10:05 AM" / "10.05" (Intl's short time style). */
function writeTime(language: Spoken, date: Date): string {
  const hours = date.getHours();
  return language === 'en' ? `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}` : `${pad(hours)}.${pad(date.getMinutes())}`;
}

const STYLES = {
  'date-time': { intl: { dateStyle: 'medium', timeStyle: 'short' }, write: (language: Spoken, date: Date) => `${writeDay(language, date)}, ${writeTime(language, date)}` },
  time: { intl: { timeStyle: 'short' }, write: writeTime },
  day: { intl: { dateStyle: 'medium' }, write: writeDay },
} satisfies Record<string, { intl: Intl.DateTimeFormatOptions; write: (language: Spoken, date: Date) => string }>;

// Intl throws a RangeError for a date that is no date: parseDate leaves those out. Years outside 1 to 9999
// (which Intl writes with an era or differently) go to Intl too.
const formatDate = (style: keyof typeof STYLES, value: DateValue, language: string | undefined): string => {
  const date = parseDate(value);
  if (!date) return NO_VALUE;
  const spoken: Spoken | null = !language ? 'en' : language === 'en' || language === 'id' ? language : null;
  const year = date.getFullYear();
  if (spoken && year >= 1 && year <= 9999) return STYLES[style].write(spoken, date);
  return cached(style, (tag) => new Intl.DateTimeFormat(tag, STYLES[style].intl), language).format(date);
};

/** A date and time as people read them in that language ("Nov 21, 2026, 10:00 AM"); NO_VALUE for one that cannot be read. */
export function formatDateTime(date: DateValue, language: string | undefined): string {
  return formatDate('date-time', date, language);
}

export function formatTime(date: DateValue, language: string | undefined): string {
  return formatDate('time', date, language);
}

export function formatDay(date: DateValue, language: string | undefined): string {
  return formatDate('day', date, language);
}

/** Bytes as a person reads them: 512 B, 1.4 KB, 3.2 MB. */
export function formatBytes(bytes: number, language: string | undefined): string {
  if (!(bytes >= 0 && bytes < Infinity)) return NO_VALUE;
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


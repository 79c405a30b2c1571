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

/** SPEC §9: thousands separators, 0 decimals. */
export function formatCount(count: number, language: string | undefined): string {
  return cached('count', (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }), language).format(count);
}

/** A date and time as people read them in that language ("21 Nov 2026, 10:00"). */
export function formatDateTime(date: Date, language: string | undefined): string {
  return cached('date-time', (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }), language).format(date);
}

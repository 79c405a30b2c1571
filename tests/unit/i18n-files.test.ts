// Every translation file matches English (the default, holding the spec's texts): the same keys,
// deep, the same {{placeholders}} per key, plural forms complete, and no empty text.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const I18N_DIR = resolve(import.meta.dirname, '../../public/assets/i18n');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const readFlat = (file: string): Flat => flatten(JSON.parse(readFileSync(resolve(I18N_DIR, file), 'utf8')) as unknown);

/** Interpolations and nestings, sorted, so the order may differ between languages but not the set. */
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}|\$t\(([^)]+)\)/g)].map((m) => (m[1] ? `{{${m[1]}}}` : `$t(${m[2]})`)).sort();

const english = readFlat('en.json');
const others = readdirSync(I18N_DIR).filter((file) => file.endsWith('.json') && file !== 'en.json');

describe('translation files', () => {
  it('include Indonesian', () => {
    expect(others).toContain('id.json');
  });

  it('en.json has only non-empty texts and complete plural forms', () => {
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
      if (PLURAL_SUFFIX.test(key)) expect(english.has(key.replace(PLURAL_SUFFIX, '_other')), `${key} without _other`).toBe(true);
    }
  });

  describe.each(others)('%s', (file) => {
    const translated = readFlat(file);

    it('has exactly the keys of en.json', () => {
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty text for every key', () => {
      const empty = [...translated].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('keeps every placeholder of the English text', () => {
      const differing = [...english]
        .filter(([key]) => translated.has(key))
        .filter(([key, value]) => placeholders(String(value)).join() !== placeholders(String(translated.get(key))).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  });
});

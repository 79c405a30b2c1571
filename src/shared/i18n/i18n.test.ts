import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserLanguage, isTranslationTree, startLanguage } from './i18n.ts';

const translations = (lang: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../public/assets/i18n/${lang}.json`, import.meta.url), 'utf8'));

/** `levels` objects inside the root, a string at the bottom. */
const nested = (levels: number): Record<string, unknown> => {
  let tree: Record<string, unknown> = { text: 'Loading...' };
  for (let level = 0; level < levels; level += 1) tree = { [`level${level}`]: tree };
  return tree;
};

describe('isTranslationTree (the contract\'s Translations schema)', () => {
  it.each(['en', 'id'])('accepts the shipped %s.json', (lang) => {
    const tree = translations(lang);
    expect(isTranslationTree(tree)).toBe(true);
  });

  it('the shipped files hold the catalogue texts the screens need', () => {
    const en = translations('en') as Record<string, Record<string, string>>;
    expect(en.errors?.loginAgain).toBe('Sorry, something went wrong. Please log in again.');
    expect(en.errors?.default).toBe('Sorry, something went wrong. Please try again later.');
  });

  it('accepts nested objects with string leaves', () => {
    expect(isTranslationTree({ a: 'x', b: { c: 'y', d: { e: 'z' } } })).toBe(true);
    expect(isTranslationTree({})).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'hello'],
    ['a number', 3],
    ['an array at the root', ['a', 'b']],
    ['an array as a value', { errors: ['a', 'b'] }],
    ['an empty array as a value', { errors: [] }],
    ['a number as a leaf', { common: { count: 3 } }],
    ['a boolean as a leaf', { common: { on: true } }],
    ['null as a leaf', { common: { ok: null } }],
    ['a bad leaf deep down', { a: { b: { c: { d: 1 } } } }],
  ])('rejects %s', (_label, value) => {
    expect(isTranslationTree(value)).toBe(false);
  });

  it('accepts nesting up to 8 levels below the root and rejects anything deeper', () => {
    expect(isTranslationTree(nested(8))).toBe(true);
    expect(isTranslationTree(nested(9))).toBe(false);
    expect(isTranslationTree(nested(50))).toBe(false);
  });

  it('a cyclic object does not overflow the stack', () => {
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic.self = cyclic;
    expect(isTranslationTree(cyclic)).toBe(false);
  });
});

describe('the first visit\'s language (startLanguage)', () => {
  it('an Indonesian browser starts in Indonesian: id, id-ID and the old code in', () => {
    expect(startLanguage(undefined, ['id-ID', 'en-US'])).toBe('id');
    expect(startLanguage(undefined, ['id'])).toBe('id');
    expect(startLanguage(undefined, ['in-ID'])).toBe('id');
    expect(startLanguage(null, ['ID_id'])).toBe('id');
  });

  it('an English browser, or one in neither language, starts in English', () => {
    expect(startLanguage(undefined, ['en-GB', 'id-ID'])).toBe('en');
    expect(startLanguage(undefined, ['fr-FR', 'de'])).toBe('en');
    expect(startLanguage(undefined, [])).toBe('en');
  });

  it('follows the most preferred language the app has, skipping the ones it has not', () => {
    expect(startLanguage(undefined, ['jv-ID', 'id-ID', 'en'])).toBe('id');
    expect(browserLanguage(['nl', 'en-US', 'id'])).toBe('en');
    expect(browserLanguage(['nl'])).toBeUndefined();
  });

  it('a stored choice always wins over the browser', () => {
    expect(startLanguage('en', ['id-ID'])).toBe('en');
    expect(startLanguage('id', ['en-US'])).toBe('id');
  });

  it('a stored value that is not a language is ignored', () => {
    expect(startLanguage('fr', ['id-ID'])).toBe('id');
    expect(startLanguage(42, ['en-US'])).toBe('en');
  });
});

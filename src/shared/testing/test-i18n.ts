// Component tests render with the app's real English texts: a throwaway translator fed with
// public/assets/i18n/en.json, so the assertions read exactly what users see.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTranslator, type Translator } from '../i18n/translator.ts';

export const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../public/assets/i18n/en.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

/** A fresh translator per call, in English: hand it to <I18nProvider i18n={…}>. */
export function createTestI18n(): Translator {
  return createTranslator({ language: 'en', fallbackLanguage: 'en', resources: { en } });
}

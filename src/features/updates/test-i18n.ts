// Component tests render with the app's real English texts: a throwaway i18next instance fed with
// public/assets/i18n/en.json, so the assertions read exactly what users see.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInstance, type i18n } from 'i18next';

export const en = JSON.parse(readFileSync(resolve('public/assets/i18n/en.json'), 'utf8')) as Record<string, Record<string, string>>;

export async function createTestI18n(): Promise<i18n> {
  const instance = createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance;
}

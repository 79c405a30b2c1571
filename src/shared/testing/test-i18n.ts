// Component tests render with the app's real English texts: a throwaway i18next instance fed with
// public/assets/i18n/en.json, so the assertions read exactly what users see.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../public/assets/i18n/en.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

/** A fresh, initialised instance per call: hand it to <I18nextProvider i18n={…}>. */
export async function createTestI18n(): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

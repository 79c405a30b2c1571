// i18next with the translation files of SPEC §7 (GET /assets/i18n/{lang}.json, the contract's
// getTranslations). English is the default and holds the spec's texts verbatim. The texts are needed
// before the first render, so the call comes from the start-up SDK (no zod schemas: they load later)
// and the file's shape is checked here.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getTranslations } from '../../api/start-sdk.ts';
import { STORAGE_KEYS, type AppStorage } from '../storage/storage.ts';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

// The files sit beside the app, not under the API root.
const appOrigin = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The contract's Translations schema: nested objects whose leaves are strings. */
export function isTranslationTree(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 8) return false;
  return Object.values(value).every((leaf) => typeof leaf === 'string' || isTranslationTree(leaf, depth + 1));
}

const translationFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(new Error(`No translations for ${language}`), false);
    getTranslations({ baseUrl: appOrigin, path: { lang: language }, throwOnError: true }).then(
        ({ data }) => (isTranslationTree(data) ? callback(null, data as ResourceKey) : callback(new Error(`Malformed translations for ${language}`), false)),
        (error: unknown) => callback(error as Error, false),
      );
  },
};

/** Starts i18n in the stored language (or 'en'); resolves once its texts are loaded. */
export async function initI18n(storage: AppStorage): Promise<typeof i18next> {
  const stored = storage.get<string>(STORAGE_KEYS.language);
  const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  await i18next
    .use(translationFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  document.documentElement.lang = language;
  return i18next;
}

/** The language switch: changes every text now and keeps the choice for the next start. */
export async function changeLanguage(storage: AppStorage, language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  await storage.set(STORAGE_KEYS.language, language);
}

// The app's texts: the translation files of SPEC §7 (GET /assets/i18n/{lang}.json, the contract's
// getTranslations) read by the in-house translator (./translator.ts). English is the default and the
// fallback, and holds the spec's texts verbatim. The texts are needed before the first render, so the
// call comes from the start-up SDK (no zod schemas: they load later) and the file's shape is checked here.
import { getTranslations } from '../../api/start-sdk.ts';
import { STORAGE_KEYS, type AppStorage } from '../storage/storage.ts';
import { createTranslator, type TranslationTree, type Translator } from './translator.ts';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

// The files sit beside the app, not under the API root.
const appOrigin = import.meta.env.BASE_URL.replace(/\/$/, '');

/** The contract's Translations schema: nested objects whose leaves are strings. */
export function isTranslationTree(value: unknown, depth = 0): value is TranslationTree {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 8) return false;
  return Object.values(value).every((leaf) => typeof leaf === 'string' || isTranslationTree(leaf, depth + 1));
}

/** A language's file, checked; rejects when it cannot be fetched or is not a Translations tree. */
export async function loadTranslations(language: string): Promise<TranslationTree> {
  if (!isLanguage(language)) throw new Error(`No translations for ${language}`);
  const { data } = await getTranslations({ baseUrl: appOrigin, path: { lang: language }, throwOnError: true });
  if (!isTranslationTree(data)) throw new Error(`Malformed translations for ${language}`);
  return data;
}

/**
 * The app's one translator (module state on purpose: every screen reads the same language, as the
 * language switch sets it), what `useTranslation()` reads without a provider. Empty until initI18n.
 */
export const appTranslator: Translator = createTranslator({ language: DEFAULT_LANGUAGE, fallbackLanguage: DEFAULT_LANGUAGE, load: loadTranslations });

/**
 * The browser's language when the app has it: the first of the browser's preferred languages
 * (`navigator.languages`, most preferred first) that is English or Indonesian (`id`, `id-ID`, or `in`,
 * Indonesian's old code some Android browsers still send); undefined when none is.
 */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'id' || primary === 'in') return 'id';
    if (primary === 'en') return 'en';
  }
  return undefined;
}

/** The language a start shows: the stored choice always; on a first visit (none stored) the browser's, else English. */
export function startLanguage(stored: unknown, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

/** The browser's preferred languages, most preferred first (`navigator.language` where the list is missing). */
const preferredLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];

/**
 * Starts in the stored language, or on a first visit the browser's when it is Indonesian (English
 * otherwise), loading its texts and English's; resolves once they are loaded. The browser's language is
 * not stored: only a choice made with a language switch is. When a file could not be loaded, the
 * language is set all the same (the screens show English's texts, or the keys) and the promise rejects
 * with why.
 */
export async function initI18n(storage: AppStorage): Promise<void> {
  const language = startLanguage(storage.get<string>(STORAGE_KEYS.language), preferredLanguages());
  try {
    await appTranslator.changeLanguage(language);
  } finally {
    document.documentElement.lang = language;
  }
}

/**
 * The language switch: changes every text now and keeps the choice for the next start. A file that
 * could not be loaded leaves English's texts showing (and is fetched again at the next switch).
 */
export async function changeLanguage(storage: AppStorage, language: Language): Promise<void> {
  await appTranslator.changeLanguage(language).catch((error: unknown) => console.warn('Translations could not be loaded', error));
  // A later switch made while this one loaded has the last word.
  document.documentElement.lang = appTranslator.language;
  await storage.set(STORAGE_KEYS.language, appTranslator.language);
}

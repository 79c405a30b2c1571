// The app's texts in the current language: what it used of i18next, written out small, because the
// start's entry chunk is evaluated before Home's first paint on a slow phone (i18next was 49 KB of it)
// and because i18next created an Intl.PluralRules, the page's first Intl object, which costs a slow
// phone about 150 ms. It does only this:
// - `t(key)` reads a nested key ('a.b.c') in the current language, else in the fallback language, else
//   gives `options.defaultValue`, else the key itself;
// - `t(key, { count })` with a numeric count tries `key_one` or `key_other` (the language's plural
//   category) before the bare key, and `key_other` after it, as i18next did;
// - `{{name}}` takes `options.name` as it is (no HTML escaping: React escapes what it renders); a
//   placeholder without a value stays as written;
// - `changeLanguage` loads the language's texts (and the fallback's) before switching, and tells the
//   subscribers (`useTranslation`) once it has switched.
// No key may be a namespace ('ns:key'), no text nests another ($t(...)) and no placeholder is formatted
// ({{value, number}}): the translation files use none of these.

/** The contract's Translations schema: nested objects whose leaves are strings. */
export interface TranslationTree {
  readonly [key: string]: string | TranslationTree;
}

export interface TranslateOptions {
  /** Chooses the plural form when a number; a text (an already formatted count) is only interpolated. */
  readonly count?: number | string;
  /** What a key nobody translated gives instead of the key itself. */
  readonly defaultValue?: string;
  /** The values of the text's `{{placeholders}}`. */
  readonly [name: string]: unknown;
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  /** The language asked for last (even when its texts could not be loaded). */
  readonly language: string;
  /** The first of the language and the fallback whose texts are loaded: the one texts come from. */
  readonly resolvedLanguage: string | undefined;
  /** Translates in the current language; the same function until the language changes. */
  readonly t: TFunction;
  /** Adds (replaces) the texts of a language, without loading them. */
  addResources(language: string, texts: TranslationTree): void;
  /**
   * Loads what the language needs, then switches to it (only if no later change was asked meanwhile)
   * and tells the subscribers. A text that could not be loaded is missing after the switch (the fallback's,
   * or the key, shows instead), and the promise then rejects with why; a later change tries again.
   */
  changeLanguage(language: string): Promise<void>;
  /** Calls `listener` after each change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface TranslatorOptions {
  language: string;
  fallbackLanguage: string;
  resources?: Readonly<Record<string, TranslationTree>>;
  /** Fetches a language's texts when a change of language needs them; rejects when it cannot. */
  load?: (language: string) => Promise<TranslationTree>;
}

type PluralCategory = 'one' | 'other';

/**
 * CLDR's cardinal plural rules of the app's languages, as Intl.PluralRules selects them, without
 * creating one: English says "one" for 1 (and -1) only; Indonesian has no plural forms.
 */
const PLURAL_RULES: Readonly<Record<string, (count: number) => PluralCategory>> = {
  en: (count) => (Math.abs(count) === 1 ? 'one' : 'other'),
};

export const pluralCategory = (language: string, count: number): PluralCategory => PLURAL_RULES[language]?.(count) ?? 'other';

/** The text at a dotted key, or undefined when there is none (an empty text counts as none, as in i18next). */
function lookUp(texts: TranslationTree, key: string): string | undefined {
  let node: string | TranslationTree | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function interpolate(text: string, values: TranslateOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const wanted = name.trim();
    if (!Object.hasOwn(values, wanted)) return placeholder;
    const value = values[wanted];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The keys to try in one language, in i18next's order: the plural form, the bare key, then the "other" form. */
function candidates(key: string, language: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const category = pluralCategory(language, count);
  return category === 'other' ? [`${key}_other`, key] : [`${key}_${category}`, key, `${key}_other`];
}

export function createTranslator({ language: initial, fallbackLanguage, resources = {}, load }: TranslatorOptions): Translator {
  const texts = new Map<string, TranslationTree>(Object.entries(resources));
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const translators = new Map<string, TFunction>();
  let language = initial;
  let latestChange = 0;

  const languagesFor = (wanted: string) => (wanted === fallbackLanguage ? [wanted] : [wanted, fallbackLanguage]);

  const translatorFor = (wanted: string): TFunction => {
    let t = translators.get(wanted);
    if (!t) {
      const order = languagesFor(wanted);
      t = (key, options) => {
        for (const code of order) {
          const tree = texts.get(code);
          if (!tree) continue;
          for (const candidate of candidates(key, code, options?.count)) {
            const text = lookUp(tree, candidate);
            if (text !== undefined) return interpolate(text, options);
          }
        }
        return interpolate(options?.defaultValue ?? key, options);
      };
      translators.set(wanted, t);
    }
    return t;
  };

  const ensureLoaded = (wanted: string): Promise<void> => {
    if (texts.has(wanted) || !load) return Promise.resolve();
    let pending = loading.get(wanted);
    if (!pending) {
      pending = load(wanted).then(
        (tree) => {
          texts.set(wanted, tree);
          loading.delete(wanted);
        },
        (error: unknown) => {
          loading.delete(wanted);
          throw error;
        },
      );
      loading.set(wanted, pending);
    }
    return pending;
  };

  return {
    get language() {
      return language;
    },
    get resolvedLanguage() {
      return languagesFor(language).find((code) => texts.has(code));
    },
    get t() {
      return translatorFor(language);
    },
    addResources(code, tree) {
      texts.set(code, tree);
    },
    async changeLanguage(wanted) {
      const change = ++latestChange;
      const results = await Promise.allSettled(languagesFor(wanted).map(ensureLoaded));
      if (change === latestChange && wanted !== language) {
        language = wanted;
        for (const listener of [...listeners]) listener();
      }
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

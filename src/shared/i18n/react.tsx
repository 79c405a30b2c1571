// The texts for React: `useTranslation()` gives `t` in the current language and the translator, and
// renders again when the language changes. The app's translator (./i18n.ts) serves every screen without
// a provider; tests hand their own to <I18nProvider>.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { appTranslator } from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator>(appTranslator);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/** `t` is the same function until the language changes, so it can sit in a hook's dependencies. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  const t = useSyncExternalStore(translator.subscribe, () => translator.t);
  return useMemo(() => ({ t, i18n: translator }), [t, translator]);
}

import { getStorage } from '../storage/storage.ts';
import { changeLanguage, isLanguage, LANGUAGES } from './i18n.ts';
import { useTranslation } from './react.tsx';

/** Switches every text at once and keeps the choice (storage key `language`). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={className}>
      <span>{t('common.language')}</span>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) void changeLanguage(getStorage(), language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

// The sign-in screen's language choice: each language named in its own language, one tap to switch every
// text (the app's language switch, src/shared/i18n), the choice kept for the next start as Settings'
// switch keeps it. Before any choice the screen shows the browser's language when it is Indonesian.
import { LanguageIcon } from '../../shared/ui/icons.tsx';
import { changeLanguage, LANGUAGES } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { getStorage } from '../../shared/storage/storage.ts';
import styles from './auth-form.module.css';

export function LoginLanguage() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div role="group" aria-label={t('common.language')} className={styles.languages}>
      <LanguageIcon size={18} aria-hidden="true" className={styles.languagesIcon} />
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          className={styles.language}
          onClick={() => void changeLanguage(getStorage(), language)}
        >
          {t(`languages.${language}`)}
        </button>
      ))}
    </div>
  );
}

// Home's settings: push notifications, the language, the theme (System / Light / Dark, remembered on
// this device by theme.ts), and Log out. The account sheet (src/app/account) shows the same controls
// (SettingsControls), so there is one of each.
import { useId } from 'react';
import * as notifications from '../../features/notifications/index.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { LanguageSwitch } from '../../shared/i18n/language-switch.tsx';
import { Button } from '../../shared/ui/button.tsx';
import card from '../../shared/ui/card.module.css';
import { DarkThemeIcon, LightThemeIcon, LogOutIcon, SystemThemeIcon, type IconComponent } from '../../shared/ui/icons.tsx';
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../shared/ui/theme.ts';
import styles from './home-settings.module.css';

// The push control's code (and the push helpers) load on their own: a failure leaves the rest.
const PushPermissionControl = lazyComponent(notifications.loadPushPermissionControl);

const THEME_OPTIONS: Record<ThemeChoice, { labelKey: string; icon: IconComponent }> = {
  system: { labelKey: 'home.themeSystem', icon: SystemThemeIcon },
  light: { labelKey: 'home.themeLight', icon: LightThemeIcon },
  dark: { labelKey: 'home.themeDark', icon: DarkThemeIcon },
};

/** A segmented radio group: arrow keys move between the choices, as in any radio group. */
function ThemeSwitch() {
  const { t } = useTranslation();
  const name = useId();
  const choice = useThemeChoice();
  return (
    <div className={styles.theme}>
      <span id={`${name}-label`} className={styles.rowLabel}>
        {t('home.theme')}
      </span>
      <div role="radiogroup" aria-labelledby={`${name}-label`} className={styles.segments}>
        {THEME_CHOICES.map((option) => {
          const { labelKey, icon: Icon } = THEME_OPTIONS[option];
          return (
            <label key={option} className={styles.segment}>
              <input type="radio" name={name} value={option} checked={choice === option} onChange={() => setThemeChoice(option)} />
              <Icon size={18} aria-hidden="true" />
              <span>{t(labelKey)}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}

/** Notifications, language and theme: Home's settings card and the account sheet show these. */
export function SettingsControls() {
  return (
    <>
      <DeferredBoundary name="the push notifications control">
        <PushPermissionControl />
      </DeferredBoundary>
      <LanguageSwitch className={styles.language} />
      <ThemeSwitch />
    </>
  );
}

export function HomeSettings({ onLogout }: { onLogout(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={card.card}>
      <h2 id={titleId} className={card.cardTitle}>
        {t('home.settings')}
      </h2>
      <div className={styles.settings}>
        <SettingsControls />
        <Button variant="secondary" icon={LogOutIcon} onClick={onLogout} className={styles.logout}>
          {t('common.logout')}
        </Button>
      </div>
    </section>
  );
}

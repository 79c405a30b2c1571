// Home (and workspace, "same module as home", SPEC §2): the greeting, the More menu, quick links, the
// feed, every service of the app, the settings (notifications, language, log out) and the announcement
// pop-up. It composes several features, so it lives in the app shell.
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuickLinks } from '../../features/links/quick-links.tsx';
import { MoreButton } from '../../features/more/more-button.tsx';
import { LanguageSwitch } from '../../shared/i18n/language-switch.tsx';
import { APP_ROUTES } from '../../shared/routes/app-routes.ts';
import { useAfterFirstContent } from '../../shared/scheduling/after-first-content.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import card from '../../shared/ui/card.module.css';
import { HomeFeed } from './home-feed.tsx';
import styles from './home-page.module.css';

// Top-level services a person opens from Home: one entry per module (its landing route only).
const SERVICES = APP_ROUTES.filter(
  (route) =>
    route.shell === 'top' &&
    !route.path.includes(':') &&
    (!route.path.includes('/') || route.path.endsWith('/home')) &&
    !['workspace', 'qa-audit', 'main'].includes(route.path),
);

// Below the fold, in the settings: its code (and the push helpers) load once Home shows its content.
const PushPermissionControl = lazyComponent(() =>
  import('../../features/notifications/permission/push-permission-control.tsx').then((module) => ({ default: module.PushPermissionControl })),
);

// SPEC §4: the pop-up comes once Home shows its content; its code loads then, not with Home.
const AnnouncementPopupHost = lazyComponent(() =>
  import('../../features/announcements/announcement-popup.tsx').then((module) => ({ default: module.AnnouncementPopupHost })),
);

/** Every service of the app, and the settings (notifications, language, log out). */
function HomeBelowTheFold({ onLogout }: { onLogout(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="home-services" className={card.card}>
        <h2 id="home-services" className={card.cardTitle}>
          {t('home.services')}
        </h2>
        <ul className={card.tiles}>
          {SERVICES.map((route) => (
            <li key={route.path}>
              <Link to={`/${route.path}`} className={styles.service}>
                {t(route.titleKey)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-settings" className={card.card}>
        <h2 id="home-settings" className={card.cardTitle}>
          {t('home.settings')}
        </h2>
        <div className={styles.settings}>
          <DeferredBoundary name="the push notifications control">
            <PushPermissionControl />
          </DeferredBoundary>
          <LanguageSwitch className={styles.language} />
          <button type="button" className={styles.logout} onClick={onLogout}>
            {t('common.logout')}
          </button>
        </div>
      </section>
    </>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { userData, controller } = useSession();
  const contentShown = useAfterFirstContent();
  const name = [userData?.user?.first_name, userData?.user?.last_name].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1 className={styles.welcome}>{name ? t('home.welcome', { name }) : t('routes.home')}</h1>
        <MoreButton />
      </header>
      <main className={styles.main}>
        <QuickLinks />
        <HomeFeed />
        {/* Below the feed: rendered once the feed has shown, so the first paint's work is the feed's. */}
        {contentShown && <HomeBelowTheFold onLogout={() => void controller.signOut()} />}
      </main>
      {contentShown && (
        <DeferredBoundary name="the announcement pop-up">
          <AnnouncementPopupHost />
        </DeferredBoundary>
      )}
    </div>
  );
}

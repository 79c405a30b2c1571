// Home (and workspace, "same module as home", SPEC §2): the greeting, every service of the app, and
// the settings (language, log out). The feed joins it with the feed issue.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../shared/routes/app-routes.ts';
import { LanguageSwitch } from '../../shared/i18n/language-switch.tsx';
import { useSession } from '../session/session-context.tsx';
import card from '../../shared/ui/card.module.css';
import styles from './home-page.module.css';
// slot:imports (one line per feature: the feed, the announcement pop-up, More, quick links)
import { FeedSection } from '../feed/feed-section.tsx';
import { MoreButton } from '../more/more-button.tsx';
import { QuickLinks } from '../links/quick-links.tsx';
import { AnnouncementPopupHost } from '../announcements/announcement-popup.tsx';

// Top-level services a person opens from Home: one entry per module (its landing route only).
const SERVICES = APP_ROUTES.filter(
  (route) =>
    route.shell === 'top' &&
    !route.path.includes(':') &&
    (!route.path.includes('/') || route.path.endsWith('/home')) &&
    !['workspace', 'qa-audit', 'main'].includes(route.path),
);

export function HomePage() {
  const { t } = useTranslation();
  const { userData, controller } = useSession();
  const name = [userData?.user?.first_name, userData?.user?.last_name].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1 className={styles.welcome}>{name ? t('home.welcome', { name }) : t('routes.home')}</h1>
        {/* slot:header-actions */}
        <MoreButton />
      </header>
      <main className={styles.main}>
        {/* slot:quick-links */}
        <QuickLinks />
        {/* slot:feed */}
        <FeedSection />
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
            <LanguageSwitch className={styles.language} />
            <button type="button" className={styles.logout} onClick={() => void controller.signOut()}>
              {t('common.logout')}
            </button>
          </div>
        </section>
      </main>
      {/* slot:popup */}
      <AnnouncementPopupHost />
    </div>
  );
}

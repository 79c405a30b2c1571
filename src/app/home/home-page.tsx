// Home (and workspace, "same module as home", SPEC §2): the greeting with My QR, the notification bell,
// the More menu and the avatar opening the account sheet, quick links, the feed, every service of the app, the settings (notifications, language,
// theme, log out) and the announcement pop-up. It composes several features, so it lives in the app
// shell. Phones: one column; from 1024 px the feed in the main column, the rest beside it.
import * as announcements from '../../features/announcements/index.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { useAfterFirstContent } from '../../shared/scheduling/after-first-content.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { HeaderAccount } from '../../shared/ui/header-account.tsx';
import { HomeFeed } from './home-feed.tsx';
import styles from './home-page.module.css';

// The header's bell and More, and the quick links: loaded (one chunk) once Home shows its content, so
// their icons and code are not the first paint's work; their places are kept meanwhile
// (home-page.module.css), so nothing moves when they arrive.
const loadAfterContent = () => import('./home-after-content.tsx');
const HeaderActions = lazyComponent(() => loadAfterContent().then((module) => ({ default: module.HeaderActions })));
const QuickLinks = lazyComponent(() => loadAfterContent().then((module) => ({ default: module.QuickLinks })));

// Below the fold (Services with their icons, the settings): loaded once Home shows its content.
const HomeBelowTheFold = lazyComponent(() => import('./home-below-the-fold.tsx').then((module) => ({ default: module.HomeBelowTheFold })));

// SPEC §4: the pop-up comes once Home shows its content; its code loads then, not with Home.
const AnnouncementPopupHost = lazyComponent(announcements.loadAnnouncementPopup);

export function HomePage() {
  const { t } = useTranslation();
  const { userData, controller } = useSession();
  const contentShown = useAfterFirstContent();
  const name = [userData?.user?.first_name, userData?.user?.last_name].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.greeting}>
            <p className={styles.brand}>{t('app.name')}</p>
            <h1 className={styles.welcome}>{name ? t('home.welcome', { name }) : t('routes.home')}</h1>
          </div>
          <div className={styles.actions}>
            {contentShown && (
              <DeferredBoundary name="the notification bell and More">
                <HeaderActions />
              </DeferredBoundary>
            )}
            {/* The avatar opening the account sheet (the tab shell's, src/app/account). */}
            <HeaderAccount />
          </div>
        </div>
      </header>
      <main className={styles.main}>
        <div className={styles.links}>
          {contentShown && (
            <DeferredBoundary name="the quick links">
              <QuickLinks />
            </DeferredBoundary>
          )}
        </div>
        <div className={styles.feed}>
          <HomeFeed />
        </div>
        {/* Below the feed: rendered once the feed has shown, so the first paint's work is the feed's. */}
        {contentShown && (
          <div className={styles.side}>
            <DeferredBoundary name="the services and settings">
              <HomeBelowTheFold onLogout={() => void controller.signOut()} />
            </DeferredBoundary>
          </div>
        )}
      </main>
      {contentShown && (
        <DeferredBoundary name="the announcement pop-up">
          <AnnouncementPopupHost />
        </DeferredBoundary>
      )}
    </div>
  );
}

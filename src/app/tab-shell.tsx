// The bottom tabs Home, Chat, Call (SPEC §2). Switching tabs replaces the history entry, so the
// back button at a root screen leaves the app instead of cycling through tabs (SPEC §2).
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useBadgeTotal } from '../features/badge/badge-store.ts';
import { badgeText } from '../features/badge/badge-math.ts';
import { HOME_PATH, route } from '../shared/routes/app-routes.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import styles from './tab-shell.module.css';

const TABS = [
  { to: HOME_PATH, labelKey: 'tabs.home', icon: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z', owns: ['home', 'calendar'] },
  {
    to: route('chats'),
    labelKey: 'tabs.chat',
    icon: 'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V6a1 1 0 0 1 1-1z',
    owns: ['chats', 'social', 'social-group'],
  },
  {
    to: route('call'),
    labelKey: 'tabs.call',
    icon: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
    owns: ['call', 'video-call'],
  },
] as const;

export function TabShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const total = useBadgeTotal();
  const badge = badgeText(total);
  const section = pathname.split('/')[1] ?? '';

  return (
    <div className={styles.shell}>
      <div className={styles.content}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <nav className={styles.tabs} aria-label={t('app.name')}>
        {TABS.map((tab) => {
          const active = (tab.owns as readonly string[]).includes(section);
          const isChat = tab.labelKey === 'tabs.chat';
          return (
            <NavLink
              key={tab.to}
              to={tab.to}
              replace
              className={active ? `${styles.tab} ${styles.active}` : styles.tab}
              aria-current={active ? 'page' : undefined}
            >
              <span className={styles.iconWrap}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d={tab.icon} fill="currentColor" />
                </svg>
                {isChat && badge && (
                  <span className={styles.badge} data-testid="chat-badge" aria-label={t('tabs.chatBadge', { count: total })}>
                    {badge}
                  </span>
                )}
              </span>
              <span className={styles.label}>{t(tab.labelKey)}</span>
            </NavLink>
          );
        })}
      </nav>
    </div>
  );
}

// The tabs Home, Chat, Call (SPEC §2): bottom tabs on a phone, a side rail with the brand mark from
// 1024 px (tab-shell.module.css), one <nav> either way, before the content so Tab goes rail, then
// content. Switching tabs replaces the history entry, so the back button at a root screen leaves the
// app instead of cycling through tabs (SPEC §2). The icons arrive once the first content shows (their
// place is kept), so the icon set's code is not part of a start screen's first paint.
// Every signed-in screen but a call's sits in this shell (routes.tsx, issue 37): the screens of the tab
// bar (SPEC §2) with the bottom tabs on a phone; the top-level screens (notifications, web modules, QR,
// a v1 room…) without them on a phone, as before, and with the rail from 1024 px, so a desktop never
// loses its navigation. The screens of the tabs (and their twins /workspace and /live-chat) get the
// signed-in person's avatar at the end of their header (HeaderAccountContext), which opens the account
// sheet; its code comes once the first content shows, its place kept.
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useBadgeTotal, useChatTabName } from '../features/badge/index.ts';
import { useTranslation } from '../shared/i18n/react.tsx';
import { APP_ROUTES, HOME_PATH, route } from '../shared/routes/app-routes.ts';
import { CountBadge } from '../shared/ui/badge.tsx';
import { HeaderAccountContext } from '../shared/ui/header-account.tsx';
import { useWideScreen } from '../shared/ui/wide-screen.ts';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import { useAfterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import type { TabIconName } from './tab-icons.tsx';
import styles from './tab-shell.module.css';

const TabIcon = lazyComponent(() => import('./tab-icons.tsx').then((module) => ({ default: module.TabIcon })));
const AccountButton = lazyComponent(() => import('./account/account-button.tsx').then((module) => ({ default: module.AccountButton })));

/** The routes of the tab bar (SPEC §2): the bottom tabs show on a phone there, and only there. */
const TAB_ROUTES = new Set(APP_ROUTES.filter((entry) => entry.shell === 'tabs').map((entry) => `/${entry.path}`));
/** The tabs' own screens (their roots, not a room or a form inside them): their header has the avatar. */
const TAB_SCREENS = new Set<string>([HOME_PATH, route('workspace'), route('calendar'), route('chats'), route('live-chat'), route('call'), route('video-call')]);
/** A room: on a wide screen the chat list stands beside it, and the list's header keeps the avatar (not the room's). */
const ROOMS = new Set<string>([route('chats/chat'), route('live-chat/chat-room')]);

const TABS = [
  { to: HOME_PATH, labelKey: 'tabs.home', icon: 'home', owns: ['home', 'workspace', 'calendar'] },
  { to: route('chats'), labelKey: 'tabs.chat', icon: 'chat', owns: ['chats', 'live-chat', 'social', 'social-group'] },
  { to: route('call'), labelKey: 'tabs.call', icon: 'call', owns: ['call', 'video-call'] },
] as const satisfies ReadonlyArray<{ to: string; labelKey: string; icon: TabIconName; owns: readonly string[] }>;

export function TabShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const total = useBadgeTotal();
  // The Chat tab's name says what its badge sums (the badge itself is a picture of that number).
  const chatName = useChatTabName(t);
  const section = pathname.split('/')[1] ?? '';
  const iconsDue = useAfterFirstContent();
  const accountPlace = <span className={styles.accountPlace} aria-hidden="true" />;
  const wide = useWideScreen();
  const account = !(TAB_SCREENS.has(pathname) || (wide && ROOMS.has(pathname))) ? null : iconsDue ? (
    <DeferredBoundary name="the account entry" fallback={accountPlace}>
      <AccountButton />
    </DeferredBoundary>
  ) : (
    accountPlace
  );

  return (
    <div className={TAB_ROUTES.has(pathname) ? styles.shell : `${styles.shell} ${styles.railOnly}`}>
      <nav className={styles.tabs} aria-label={t('app.name')}>
        {/* The brand mark heads the rail on wide screens; a picture of the app's name, so not read twice. */}
        <img className={styles.brand} src="/favicon.svg" alt="" width={40} height={40} />
        {TABS.map(({ to, labelKey, icon, owns }) => {
          const active = (owns as readonly string[]).includes(section);
          return (
            <NavLink
              key={to}
              to={to}
              replace
              className={active ? `${styles.tab} ${styles.active}` : styles.tab}
              aria-current={active ? 'page' : undefined}
              aria-label={labelKey === 'tabs.chat' ? chatName : undefined}
            >
              {/* The label comes first in the page (drawn under the icon): what is on screen reads
                  "Chat 23", as the tab's name begins. */}
              <span className={styles.label}>{t(labelKey)}</span>
              {labelKey === 'tabs.chat' && total > 0 && ' '}
              <span className={styles.iconWrap}>
                {iconsDue && (
                  <DeferredBoundary name="the tab icons">
                    <TabIcon name={icon} />
                  </DeferredBoundary>
                )}
                {labelKey === 'tabs.chat' && total > 0 && (
                  <span className={styles.badge} data-testid="chat-badge" aria-hidden="true">
                    <CountBadge count={total} />
                  </span>
                )}
              </span>
            </NavLink>
          );
        })}
      </nav>
      <div className={styles.content}>
        <HeaderAccountContext.Provider value={account}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </HeaderAccountContext.Provider>
      </div>
    </div>
  );
}

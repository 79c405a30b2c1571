// Home's Services: every top-level service of the app as an icon grid, with a search by name (in the
// language shown). Below the fold, so it loads after Home's first content (home-below-the-fold.tsx).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { APP_ROUTES, ROUTE_ALIASES } from '../../shared/routes/app-routes.ts';
import card from '../../shared/ui/card.module.css';
import { SearchIcon } from '../../shared/ui/icons.tsx';
import { SearchField } from '../../shared/ui/search-field.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import styles from './home-services.module.css';
import { serviceIcon } from './service-icons.ts';

/**
 * What Home already offers elsewhere, so the grid does not offer it twice (issue 24): Home itself
 * (workspace, main), the More modal's QA Audit (qa-audit), the Chat tab (live-chat and the aliases of
 * /chats), the header's bell (notification), and a file's viewer, which needs a file (attachment-view).
 */
const OFFERED_ELSEWHERE: ReadonlySet<string> = new Set(['workspace', 'main', 'qa-audit', 'live-chat', 'notification', 'attachment-view']);

// Top-level services a person opens from Home: one entry per module (its landing route only).
export const SERVICES = APP_ROUTES.filter(
  (route) =>
    route.shell === 'top' &&
    !route.path.includes(':') &&
    (!route.path.includes('/') || route.path.endsWith('/home')) &&
    !OFFERED_ELSEWHERE.has(route.path) &&
    !(route.path in ROUTE_ALIASES),
);

/** Case and accents aside ("cafe" finds "Café"). */
const fold = (text: string, language: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase(language);

export function HomeServices() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [query, setQuery] = useState('');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const wanted = fold(query.trim(), language);
  const shown = SERVICES.map((route) => ({ path: route.path, label: t(route.titleKey) })).filter(
    (service) => !wanted || fold(service.label, language).includes(wanted),
  );

  return (
    <section aria-labelledby={titleId} className={card.card}>
      <h2 id={titleId} className={card.cardTitle}>
        {t('home.services')}
      </h2>
      <SearchField type="search" value={query} onChange={setQuery} label={t('home.searchServices')} className={styles.search} enterKeyHint="search" autoComplete="off" />
      {shown.length > 0 ? (
        <ul className={styles.grid}>
          {shown.map(({ path, label }) => {
            const Icon = serviceIcon(path);
            return (
              <li key={path}>
                <Link to={`/${path}`} className={styles.service} title={label}>
                  <span className={styles.icon}>
                    <Icon size={22} aria-hidden="true" />
                  </span>
                  <span className={styles.label}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState icon={SearchIcon} title={t('home.servicesEmpty')} description={t('home.servicesEmptyHint')} />
      )}
    </section>
  );
}

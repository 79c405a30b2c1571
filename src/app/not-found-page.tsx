// Shown for any path outside the route table: says so and leads home, never a blank page.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../shared/routes/app-routes.ts';

const pageStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  minHeight: '100dvh',
  padding: 24,
  textAlign: 'center',
  background: '#ffffff',
  color: '#1c1b22',
};

const titleStyle: CSSProperties = { margin: 0, fontSize: '1.5rem', lineHeight: 1.3 };
const bodyStyle: CSSProperties = { margin: 0, maxWidth: '32rem', lineHeight: 1.5 };

// Brand colour on white text: contrast 8.3:1; 48 px tall for a comfortable touch target.
const linkStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 48,
  padding: '0 24px',
  borderRadius: 24,
  background: '#4819e3',
  color: '#ffffff',
  fontWeight: 600,
  textDecoration: 'none',
};

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main style={pageStyle}>
      <h1 style={titleStyle}>{t('notFound.title')}</h1>
      <p style={bodyStyle}>{t('notFound.body')}</p>
      <Link to={HOME_PATH} style={linkStyle}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}

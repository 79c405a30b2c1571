// The one place the app renders rich HTML from the server: always through sanitizeHtml.
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize.ts';
import styles from './safe-html.module.css';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.content} ${className}` : styles.content}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

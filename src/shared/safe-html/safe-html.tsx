// The one place the app renders rich HTML from the server: always through sanitizeHtml. The sanitised
// markup (a TrustedHTML where the browser has Trusted Types) goes to React as it is: a string made of
// it would be refused under `require-trusted-types-for 'script'`.
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize.ts';
import styles from './safe-html.module.css';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.content} ${className}` : styles.content}
      data-safe-html=""
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

// The one place the app renders rich HTML from the server: always through sanitizeHtml. The sanitised
// markup (a TrustedHTML where the browser has Trusted Types) goes to React as it is: a string made of
// it would be refused under `require-trusted-types-for 'script'`. Its inline styles arrive as a data
// attribute and are applied through the CSSOM right after React commits the markup, before the browser
// paints (inline-styles.ts: the Content-Security-Policy allows no style attribute).
import { useLayoutEffect, useMemo, useRef } from 'react';
import { applyInlineStyles } from './inline-styles.ts';
import { sanitizeHtml } from './sanitize.ts';
import styles from './safe-html.module.css';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const container = useRef<HTMLDivElement>(null);
  // React writes the markup again only when `clean` changes (a new object for new html): then the new
  // elements get their styles.
  useLayoutEffect(() => {
    if (container.current) applyInlineStyles(container.current);
  }, [clean]);
  return (
    <div
      ref={container}
      className={className ? `${styles.content} ${className}` : styles.content}
      data-safe-html=""
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

// The app's brand mark: a rounded square in the brand colour (SPEC §9, --brand) holding a white "E"
// drawn as three bars on a stem, the workplace's stacked lines. Drawn with the tokens, so it follows
// the theme; `inverse` turns it around for a place already on the brand colour (a header).
// Decorative by default (the app name is written beside it); pass `label` where it stands alone.
import styles from './brand-mark.module.css';

export interface BrandMarkProps {
  /** Pixels, width and height. */
  size?: number;
  /** On a brand-coloured background: a light square with the brand's glyph. */
  inverse?: boolean;
  /** The accessible name when the mark stands alone (no app name beside it). */
  label?: string;
}

export function BrandMark({ size = 48, inverse = false, label }: BrandMarkProps) {
  return (
    <svg
      className={inverse ? `${styles.mark} ${styles.inverse}` : styles.mark}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect className={styles.tile} width="64" height="64" rx="16" />
      <path className={styles.glyph} d="M22 18h20M22 32h15M22 46h20M22 18v28" />
      <circle className={styles.dot} cx="46" cy="32" r="3.5" />
    </svg>
  );
}

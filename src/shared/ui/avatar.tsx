// A person's or a group's picture (a signed URL) with the name as its text alternative; the initials
// on a tinted disc instead when there is no picture or it fails to load (signed URLs expire).
import { useState } from 'react';
import { displayText } from '../format/display-text.ts';
import styles from './avatar.module.css';

export type AvatarSize = 'xs' | 's' | 'm' | 'l' | 'xl';
const PIXELS: Record<AvatarSize, number> = { xs: 24, s: 32, m: 40, l: 56, xl: 112 };

export interface AvatarProps {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** The whole name, when it does not come as first and last (a group's title). */
  name?: string | null;
  size?: AvatarSize;
  /** The name is already beside the picture: hide the picture from assistive technology. */
  decorative?: boolean;
}

/** First and last name as shown (without bidirectional controls, display-text.ts). */
export const fullName = (firstName?: string | null, lastName?: string | null): string =>
  [firstName, lastName].map(displayText).filter(Boolean).join(' ');

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : words).map((word) => [...(word ?? '')][0] ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** One of six tints, the same for the same name, so people are told apart at a glance. */
function tintOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 6;
}

export function Avatar({ src, firstName, lastName, name: wholeName, size = 'm', decorative = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = wholeName != null ? displayText(wholeName) : fullName(firstName, lastName);
  const pixels = PIXELS[size];
  const className = `${styles.avatar} ${styles[size]}`;
  const label = decorative ? undefined : name || undefined;
  if (src && failedSrc !== src) {
    return <img className={className} src={src} alt={label ?? ''} width={pixels} height={pixels} loading="lazy" onError={() => setFailedSrc(src)} />;
  }
  return (
    <span className={`${className} ${styles.initials}`} data-tint={tintOf(name)} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {initialsOf(name)}
    </span>
  );
}

// A person's picture (signed_profile_picture_url) with their name as its text alternative; their
// initials instead when there is no picture or it fails to load (signed URLs expire).
import { useState } from 'react';
import { displayText } from '../../format/display-text.ts';
import styles from './likes-modal.module.css';

export interface AvatarProps {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** First and last name as shown (without bidirectional controls, display-text.ts). */
export const fullName = (firstName?: string | null, lastName?: string | null): string =>
  [firstName, lastName].map(displayText).filter(Boolean).join(' ');

function initials(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((part) => displayText(part).charAt(0)).join('');
  return letters.toUpperCase() || '?';
}

export function Avatar({ src, firstName, lastName }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = fullName(firstName, lastName);
  if (src && failedSrc !== src) {
    return <img className={styles.avatar} src={src} alt={name} width={40} height={40} loading="lazy" onError={() => setFailedSrc(src)} />;
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} role="img" aria-label={name || undefined} aria-hidden={name ? undefined : true}>
      {initials(firstName, lastName)}
    </span>
  );
}

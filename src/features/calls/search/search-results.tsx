// What a search segment shows under its form: a hint before the first search, a spinner while it
// runs, a message with Try again when it failed (the alert has been shown too), "nothing found", or
// the rows. Never an empty area.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import shared from '../calls.module.css';
import styles from './call-search.module.css';

export interface SearchState<T> {
  isIdle: boolean;
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
}

export interface SearchTexts {
  hint: string;
  empty: string;
  failed: string;
  listLabel: string;
}

export function SearchResults<T>({
  state,
  texts,
  onRetry,
  keyOf,
  children,
}: {
  state: SearchState<T>;
  texts: SearchTexts;
  onRetry(): void;
  keyOf(item: T): string | number;
  children(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (state.isIdle) return <p className={styles.state}>{texts.hint}</p>;
  if (state.isPending) return <Spinner />;
  if (state.isError) {
    return (
      <div className={styles.state} role="alert">
        <p>{texts.failed}</p>
        <button type="button" className={shared.secondaryButton} onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const items = state.data ?? [];
  if (items.length === 0) return <p className={styles.state}>{texts.empty}</p>;
  return (
    <ul className={styles.list} aria-label={texts.listLabel}>
      {items.map((item) => (
        <li key={keyOf(item)} className={styles.row} data-testid="call-result">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** The video camera drawn on every call button. */
export function VideoCallIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 6h10a2 2 0 0 1 2 2v1.8l3.4-2.3A1 1 0 0 1 21 8.3v7.4a1 1 0 0 1-1.6.8L16 14.2V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z"
      />
    </svg>
  );
}

/** The round video-camera button at the end of a row; its name says whom it calls. */
export function VideoCallButton({ label, onCall }: { label: string; onCall(): void }) {
  return (
    <button type="button" className={styles.callButton} aria-label={label} title={label} onClick={onCall}>
      <VideoCallIcon />
    </button>
  );
}

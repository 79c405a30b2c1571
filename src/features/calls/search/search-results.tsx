// What a search segment shows under its form: a hint before the first search, skeleton rows while it
// runs, a message with Try again when it failed (the alert has been shown too), "nothing found", or
// the rows. Never an empty area.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { CallIcon, SearchIcon, VideoIcon, type IconComponent } from '../../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { ListGroup } from '../../../shared/ui/list-row.tsx';
import styles from './call-search.module.css';

export interface SearchState<T> {
  isIdle: boolean;
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
}

export interface SearchTexts {
  /** Before the first search: a title and the hint under it. */
  hintTitle: string;
  hint: string;
  hintIcon: IconComponent;
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
  busy = false,
}: {
  state: SearchState<T>;
  /** A newer search runs while these rows (the last answer) show. */
  busy?: boolean;
  texts: SearchTexts;
  onRetry(): void;
  keyOf(item: T): string | number;
  children(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (state.isIdle) return <EmptyState icon={texts.hintIcon} title={texts.hintTitle} description={texts.hint} />;
  if (state.isPending) return <Skeleton rows={4} />;
  if (state.isError) return <ErrorState title={texts.failed} onRetry={onRetry} retryLabel={t('common.retry')} />;
  const items = state.data ?? [];
  if (items.length === 0) return <EmptyState icon={SearchIcon} title={texts.empty} />;
  return (
    <div aria-busy={busy}>
      <ListGroup label={texts.listLabel}>
        {items.map((item) => (
          <li key={keyOf(item)} data-testid="call-result">
            {children(item)}
          </li>
        ))}
      </ListGroup>
    </div>
  );
}

/** The round video-camera button at the end of a row (a phone for a voice call); its name says whom it calls. */
export function VideoCallButton({ label, onCall, voice = false }: { label: string; onCall(): void; voice?: boolean }) {
  return <IconButton icon={voice ? CallIcon : VideoIcon} label={label} variant="secondary" className={styles.callButton} onClick={onCall} />;
}

/** A search field with its icon inside. */

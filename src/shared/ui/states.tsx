// The three states every list and screen has besides its content: nothing yet (a skeleton while it
// loads), nothing at all (empty), and a failure with a way to try again.
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from './button.tsx';
import { ErrorIcon, RetryIcon, type IconComponent } from './icons.tsx';
import styles from './states.module.css';

export interface EmptyStateProps {
  icon?: IconComponent;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      {Icon && (
        <span className={styles.icon}>
          <Icon size={32} aria-hidden="true" />
        </span>
      )}
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  title: ReactNode;
  /** What went wrong, from the error catalogue (SPEC §8). */
  message?: ReactNode;
  /** Try again; no button without it. */
  onRetry?(): void;
  retryLabel?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <span className={styles.icon}>
        <ErrorIcon size={32} aria-hidden="true" />
      </span>
      <p className={styles.title}>{title}</p>
      {message && <p className={styles.description}>{message}</p>}
      {onRetry && (
        <Button icon={RetryIcon} onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </Button>
      )}
    </div>
  );
}

export interface SkeletonProps {
  /** How many placeholder rows. */
  rows?: number;
  /** Rows with a round picture at the start (a list of people or chats), or blocks of text (posts). */
  variant?: 'list' | 'card';
  /** Read out once while the content loads ("Loading..."). */
  label?: string;
}

/** Grey shapes where the content will be: the screen keeps its layout while it loads. */
export function Skeleton({ rows = 6, variant = 'list', label }: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className={styles.visuallyHidden}>{label ?? t('common.loading')}</span>
      {Array.from({ length: rows }, (_, index) =>
        variant === 'list' ? (
          <div key={index} className={styles.listRow} aria-hidden="true">
            <span className={`${styles.block} ${styles.circle}`} />
            <span className={styles.lines}>
              <span className={`${styles.block} ${styles.line}`} />
              <span className={`${styles.block} ${styles.line} ${styles.short}`} />
            </span>
          </div>
        ) : (
          <div key={index} className={styles.card} aria-hidden="true">
            <span className={`${styles.block} ${styles.line} ${styles.short}`} />
            <span className={`${styles.block} ${styles.line}`} />
            <span className={`${styles.block} ${styles.line}`} />
          </div>
        ),
      )}
    </div>
  );
}

// A small label (a status, a role, a filter): neutral, brand, success, warning or danger. As a button,
// it toggles a filter (aria-pressed).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { IconComponent } from './icons.tsx';
import styles from './chip.module.css';

export type ChipTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

export function Chip({ tone = 'neutral', icon: Icon, children }: { tone?: ChipTone; icon?: IconComponent; children: ReactNode }) {
  return (
    <span className={`${styles.chip} ${styles[tone]}`}>
      {Icon && <Icon size={14} aria-hidden="true" />}
      {children}
    </span>
  );
}

export interface FilterChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  selected: boolean;
  children: ReactNode;
}

export function FilterChip({ selected, children, className, type = 'button', ...rest }: FilterChipProps) {
  return (
    <button type={type} aria-pressed={selected} className={[styles.chip, styles.filter, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </button>
  );
}

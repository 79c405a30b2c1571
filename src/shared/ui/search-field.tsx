// A text field with its icon inside, at the start, named by its label (also its placeholder): the filter
// above a list (a pill: chats, services) or a search form's field (a box: the Call tab's people and groups).
import type { InputHTMLAttributes } from 'react';
import { SearchIcon, type IconComponent } from './icons.tsx';
import styles from './search-field.module.css';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'placeholder' | 'aria-label'> {
  value: string;
  onChange(value: string): void;
  /** The accessible name and the placeholder. */
  label: string;
  icon?: IconComponent;
  variant?: 'filter' | 'form';
}

export function SearchField({ value, onChange, label, icon: Icon = SearchIcon, variant = 'filter', className, ...input }: SearchFieldProps) {
  return (
    <span className={[styles.field, styles[variant], className].filter(Boolean).join(' ')}>
      <Icon className={styles.icon} size={20} aria-hidden="true" />
      <input {...input} value={value} onChange={(event) => onChange(event.target.value)} placeholder={label} aria-label={label} />
    </span>
  );
}

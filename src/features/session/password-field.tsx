// A password field with its label, its error and a button that shows or hides what was typed. The
// button is named by its (visually hidden) text, not aria-label, so it is never found as a field
// labelled "Password" (a label query matches aria-label text too).
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { HideIcon, ShowIcon } from '../../shared/ui/icons.tsx';
import ui from '../../shared/ui/ui.module.css';
import styles from './auth-form.module.css';

export interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: string;
  /** The error to show under the field (already translated). */
  error?: string;
  registration: UseFormRegisterReturn;
}

export function PasswordField({ id, label, autoComplete, error, registration }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? HideIcon : ShowIcon;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <button type="button" className={styles.toggle} aria-controls={id} onClick={() => setVisible((shown) => !shown)}>
          <Icon size={20} aria-hidden="true" />
          <span className={ui.visuallyHidden}>{t(visible ? 'login.hidePassword' : 'login.showPassword')}</span>
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

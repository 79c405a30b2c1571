import { useTranslation } from '../i18n/react.tsx';
import styles from './ui.module.css';

/** A spinner with its text for screen readers and sighted users ("Loading..." by default, SPEC §8). */
export function Spinner({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={inline ? styles.spinnerInline : styles.spinnerBlock}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={inline ? styles.visuallyHidden : styles.spinnerText}>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** The spinning mark alone, for a control that already says what is happening (a disabled "Upload File"). */
export function SpinnerMark() {
  return <span className={`${styles.spinner} ${styles.mark}`} aria-hidden="true" />;
}

// What a pull to refresh shows at the top of a list (apart from the gesture, so a list that shows it
// its own way does not carry it).
import { useTranslation } from '../i18n/react.tsx';
import styles from './pull-hint.module.css';
import { pullTextKey, type PullToRefresh } from './pull-to-refresh.ts';

/** The space a pull opens at the top of the list, saying what letting go will do. */
export function PullHint({ pull }: { pull: PullToRefresh }) {
  const { t } = useTranslation();
  if (pull.distance <= 0) return null;
  return (
    <p className={styles.hint} style={{ height: pull.distance }}>
      {t(pullTextKey(pull.ready))}
    </p>
  );
}

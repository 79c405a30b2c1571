// Beyond the spec: SPEC §8 stops the long poll after a failure and says nothing more, which would leave
// the user without calls or events and no clue. A quiet notice says so and offers to try again; it goes
// by itself once a socket reconnects or the browser is online again (realtime-connections.ts). The
// status region stays in the page, so screen readers announce the text when it appears.
import { useTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { OfflineIcon } from '../../shared/ui/icons.tsx';
import { longPollStatus, useLongPollState } from './long-poll-status.ts';
import styles from './live-updates-notice.module.css';

export function LiveUpdatesNotice() {
  const { t } = useTranslation();
  const paused = useLongPollState() === 'paused';
  return (
    <div role="status" className={paused ? styles.notice : undefined}>
      {paused && (
        <>
          <OfflineIcon size={18} aria-hidden="true" className={styles.icon} />
          <span className={styles.text}>{t('realtime.paused')}</span>
          <Button variant="ghost" className={styles.retry} onClick={() => longPollStatus.retry()}>
            {t('realtime.retry')}
          </Button>
        </>
      )}
    </div>
  );
}

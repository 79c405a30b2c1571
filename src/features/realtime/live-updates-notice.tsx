// Beyond the spec: SPEC §8 stops the long poll after a failure and says nothing more, which would leave
// the user without calls or events and no clue. A quiet notice says so and offers to try again; it goes
// by itself once a socket reconnects or the browser is online again (realtime-connections.ts). The
// status region stays in the page, so screen readers announce the text when it appears.
//
// A bar across the top of the page, below the offline banner, that takes its own space (issue 37: as
// a pill floating above the tab bar it covered a chat room's Send button): its height is on the root
// as --live-notice-height, which moves the page down below it and shortens the height screens fill, so
// it covers no input and no button on any screen, at any width (src/shared/ui/use-reserved-space.ts).
import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { OfflineIcon } from '../../shared/ui/icons.tsx';
import { useReservedSpace } from '../../shared/ui/use-reserved-space.ts';
import { longPollStatus, useLongPollState } from './long-poll-status.ts';
import styles from './live-updates-notice.module.css';

/** The custom property the page's layout reads (src/app/global.css). */
export const NOTICE_HEIGHT_PROPERTY = '--live-notice-height';

export function LiveUpdatesNotice() {
  const { t } = useTranslation();
  const paused = useLongPollState() === 'paused';
  const bar = useRef<HTMLDivElement>(null);
  useReservedSpace(bar, paused, NOTICE_HEIGHT_PROPERTY);
  return (
    <div ref={bar} role="status" className={paused ? styles.notice : undefined}>
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

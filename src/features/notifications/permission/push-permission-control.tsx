// "Turn on notifications" (on the notifications screen and in Home's settings): says whether this
// device gets push notifications and, where a tap can change that, offers it. Blocked notifications
// are explained (only the browser's site settings can allow them again: no button that cannot work);
// a browser without push, or a build without a VAPID key, says notifications are not available here.
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context.tsx';
import { SpinnerMark } from '../../../shared/ui/spinner.tsx';
import styles from './push-permission.module.css';
import { usePushPermission, type PushView } from './use-push-permission.ts';

const TEXT_KEYS: Record<PushView, string> = {
  checking: 'notifications.pushChecking',
  unavailable: 'notifications.pushUnavailable',
  off: 'notifications.pushOff',
  working: 'notifications.pushWorking',
  on: 'notifications.pushOn',
  denied: 'notifications.pushDenied',
  failed: 'notifications.pushFailed',
};

export function PushPermissionControl() {
  const { t } = useTranslation();
  const { userData } = useSession();
  const { view, turnOn } = usePushPermission(userData?.user?.id);
  const textClass = view === 'on' ? `${styles.text} ${styles.on}` : view === 'failed' ? `${styles.text} ${styles.problem}` : styles.text;
  const offersButton = view === 'off' || view === 'working' || view === 'failed';

  return (
    <div className={styles.control} data-testid="push-permission" data-state={view}>
      <p className={textClass} role={view === 'failed' ? 'alert' : 'status'}>
        {t(TEXT_KEYS[view])}
      </p>
      {offersButton && (
        <button type="button" className={styles.button} onClick={() => void turnOn()} disabled={view === 'working'} aria-busy={view === 'working'}>
          {view === 'working' && <SpinnerMark />} {t(view === 'failed' ? 'common.retry' : 'notifications.turnOn')}
        </button>
      )}
    </div>
  );
}

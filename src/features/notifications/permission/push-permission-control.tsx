// "Turn on notifications" (on the notifications screen and in Home's settings): says whether this
// device gets push notifications and, where a tap can change that, offers it. Blocked notifications
// are explained (only the browser's site settings can allow them again: no button that cannot work);
// a browser without push, or a build without a VAPID key, says notifications are not available here.
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { BellIcon, ErrorIcon, MutedIcon, RetryIcon, SuccessIcon, type IconComponent } from '../../../shared/ui/icons.tsx';
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

const ICONS: Record<PushView, IconComponent> = {
  checking: BellIcon,
  unavailable: MutedIcon,
  off: BellIcon,
  working: BellIcon,
  on: SuccessIcon,
  denied: MutedIcon,
  failed: ErrorIcon,
};

export function PushPermissionControl() {
  const { t } = useTranslation();
  const { userData } = useSession();
  const { view, turnOn } = usePushPermission(userData?.user?.id);
  const tone = view === 'on' ? styles.on : view === 'failed' ? styles.problem : '';
  const offersButton = view === 'off' || view === 'working' || view === 'failed';
  const Icon = ICONS[view];

  return (
    <div className={`${styles.control} ${tone}`} data-testid="push-permission" data-state={view}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={20} />
      </span>
      <p className={styles.text} role={view === 'failed' ? 'alert' : 'status'}>
        {t(TEXT_KEYS[view])}
      </p>
      {offersButton && (
        <Button className={styles.button} icon={view === 'failed' ? RetryIcon : BellIcon} busy={view === 'working'} onClick={() => void turnOn()}>
          {t(view === 'failed' ? 'common.retry' : 'notifications.turnOn')}
        </Button>
      )}
    </div>
  );
}

// The account sheet (issue 37): who is signed in (picture or initials, name, employee number, e-mail),
// My QR, the settings Home has (notifications, language, theme: the same controls, home-settings.tsx)
// and Log out (the session's logout flow, SPEC §4; SPEC asks no confirmation). A bottom sheet on a
// phone, a panel under the avatar from 1024 px (Modal's `anchor`); Escape, a tap outside and Close shut
// it, and focus goes back to the avatar. Loaded on the avatar's first tap (account-button.tsx).
import { useId, type RefObject } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { Avatar, fullName } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ChevronRightIcon, LogOutIcon, QrIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { displayText } from '../../shared/format/display-text.ts';
import { SettingsControls } from '../home/home-settings.tsx';
import settingsStyles from '../home/home-settings.module.css';
import styles from './account.module.css';

export interface AccountSheetProps {
  /** The avatar that opened it: the panel hangs below it on wide screens. */
  anchor: RefObject<HTMLElement | null>;
  onClose(): void;
  /** My QR: the sheet gives way to the employee's own code. */
  onMyQr(): void;
}

export function AccountSheet({ anchor, onClose, onMyQr }: AccountSheetProps) {
  const { t } = useTranslation();
  const { userData, controller } = useSession();
  const settingsId = useId();
  const user = userData?.user;
  const name = fullName(user?.first_name, user?.last_name);
  const email = displayText(user?.email ?? '');
  const logOut = () => {
    onClose();
    void controller.signOut();
  };
  return (
    <Modal
      title={t('account.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      anchor={anchor}
      className={styles.sheet}
      footer={
        <Button variant="secondary" icon={LogOutIcon} block onClick={logOut} className={styles.logout}>
          {t('common.logout')}
        </Button>
      }
    >
      <div className={styles.profile}>
        <Avatar src={user?.signed_profile_picture_url} name={name} size="l" decorative />
        <div className={styles.who}>
          <p className={styles.name} data-testid="account-name">
            {name || t('account.unnamed')}
          </p>
          {user?.employee_number && <p className={styles.meta}>{t('qr.result.employeeNumber', { number: user.employee_number })}</p>}
          {email && <p className={styles.meta}>{email}</p>}
        </div>
      </div>
      <button type="button" className={styles.row} aria-haspopup="dialog" onClick={onMyQr}>
        <span className={styles.rowIcon}>
          <QrIcon size={20} aria-hidden="true" />
        </span>
        <span className={styles.rowText}>{t('qr.my.open')}</span>
        <ChevronRightIcon size={20} aria-hidden="true" className={styles.chevron} />
      </button>
      <section aria-labelledby={settingsId} className={styles.settings}>
        <h3 id={settingsId} className={styles.sectionTitle}>
          {t('home.settings')}
        </h3>
        <div className={settingsStyles.settings}>
          <SettingsControls />
        </div>
      </section>
    </Modal>
  );
}

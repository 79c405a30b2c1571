// The account entry of a tab screen's header (issue 37): the signed-in person's avatar (their picture,
// else their initials), named "Account and settings, <name>". A tap opens the account sheet (a bottom
// sheet on a phone, a panel under the avatar from 1024 px); My QR there opens the employee's code.
// This module loads once the first content shows (tab-shell.tsx); the sheet's own code on the first
// tap (or as a pointer comes near), and My QR's with its tap. Focus returns to the avatar on close.
import { useRef, useState } from 'react';
import * as qr from '../../features/qr/index.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { Avatar, fullName } from '../../shared/ui/avatar.tsx';
import styles from './account.module.css';

const AccountSheet = lazyComponent(() => import('./account-sheet.tsx').then((module) => ({ default: module.AccountSheet })));
const MyQrModal = lazyComponent(qr.loadMyQrModal);

export function AccountButton() {
  const { t } = useTranslation();
  const { userData } = useSession();
  const user = userData?.user;
  const name = fullName(user?.first_name, user?.last_name);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<'sheet' | 'my-qr' | null>(null);
  const label = name ? t('account.openNamed', { name }) : t('account.open');
  const prefetch = () => void AccountSheet.preload().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.entry}
        aria-haspopup="dialog"
        aria-expanded={open === 'sheet'}
        aria-label={label}
        title={label}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen('sheet')}
      >
        <Avatar src={user?.signed_profile_picture_url} name={name} size="s" decorative />
      </button>
      {open === 'sheet' && (
        <DeferredBoundary name="the account sheet">
          <AccountSheet anchor={button} onClose={() => setOpen(null)} onMyQr={() => setOpen('my-qr')} />
        </DeferredBoundary>
      )}
      {open === 'my-qr' && (
        <DeferredBoundary name="My QR">
          <MyQrModal onClose={() => setOpen(null)} />
        </DeferredBoundary>
      )}
    </>
  );
}

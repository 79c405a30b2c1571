// Home's "My QR" button, in the header beside the bell and More: opens the employee's own QR code
// (src/features/qr/my-qr-modal.tsx). The modal, and the qrcode library it draws with, load on the tap:
// Home's first screen carries neither.
import { useState } from 'react';
import * as qr from '../../features/qr/index.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { QrIcon } from '../../shared/ui/icons.tsx';
import styles from './home-page.module.css';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';

const MyQrModal = lazyComponent(qr.loadMyQrModal);

export function MyQrButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.headerButton} aria-haspopup="dialog" aria-label={t('qr.my.open')} title={t('qr.my.open')} onClick={() => setOpen(true)}>
        <QrIcon size={22} aria-hidden="true" />
      </button>
      {open && (
        <DeferredBoundary name="My QR">
          <MyQrModal onClose={() => setOpen(false)} />
        </DeferredBoundary>
      )}
    </>
  );
}

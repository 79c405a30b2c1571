// "My QR" (Home): the employee's own code, `ess-employee:<employee number>`, drawn with SPEC §9's
// parameters (qr-options.ts) by the qrcode library, which loads with this modal only. The code is
// derived from the stored user (SPEC §3: employee_number), not fetched: it identifies, and a colleague
// who scans it sees who it is through the directory (a read), so it needs no signature. Under the
// code, the name and number, for a person who reads it instead of scanning.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { retryImport } from '../../shared/loading/retry-import.ts';
import * as paths from '../../shared/routes/paths.ts';
import { fullName } from '../../shared/ui/avatar.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { ScanQrIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/states.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { employeeCode } from './scanned-code.ts';
import styles from './my-qr.module.css';

export function MyQrModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { userData } = useSession();
  const user = userData?.user;
  const code = employeeCode(user?.employee_number);
  const name = fullName(user?.first_name, user?.last_name);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!code || !canvas.current) return;
    let current = true;
    retryImport(() => import('./render-qr.ts'))
      .then(({ drawQrCode }) => (current && canvas.current ? drawQrCode(canvas.current, code) : undefined))
      .then(
        () => current && setState('drawn'),
        () => current && setState('failed'),
      );
    return () => {
      current = false;
    };
  }, [code, attempt]);

  const label = t('qr.my.codeLabel', { name: name || user?.employee_number, number: user?.employee_number });
  return (
    <Modal title={t('qr.my.title')} onClose={onClose} closeLabel={t('common.close')}>
      {!code ? (
        <EmptyState title={t('qr.my.noNumber')} description={t('qr.my.noNumberHint')} />
      ) : (
        <div className={styles.myQr} data-testid="my-qr">
          {state === 'failed' && <ErrorState title={t('qr.my.failed')} onRetry={() => {
                setState('drawing');
                setAttempt((count) => count + 1);
              }} />}
          <canvas ref={canvas} className={styles.qrCanvas} role="img" aria-label={label} data-code={state === 'drawn' ? code : undefined} hidden={state === 'failed'} />
          <p className={styles.myQrName}>{name}</p>
          <p className={styles.myQrNumber}>{t('qr.result.employeeNumber', { number: user?.employee_number })}</p>
          <p className={styles.myQrHint}>{t('qr.my.hint')}</p>
          <Link to={paths.employeeQrScan} className={buttonClass({ variant: 'secondary' })} onClick={onClose}>
            <ScanQrIcon size={20} aria-hidden="true" />
            <span>{t('qr.my.scan')}</span>
          </Link>
        </div>
      )}
    </Modal>
  );
}

// employee-qr-scan (SPEC §2): scans a QR code with the camera (or from a photo) and says what it is:
// a screen of this app (opened on Open), a colleague's "My QR" (who it is), a place's check-in code,
// a web link or text. A scanned code is an outside value: it never writes anything by itself.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { HOME_PATH } from '../../shared/routes/app-routes.ts';
import { markFirstContentShown } from '../../shared/scheduling/after-first-content.ts';
import { ScreenHeader } from '../../shared/ui/screen-header.tsx';
import { QrScanner } from './qr-scanner.tsx';
import { parseScannedCode, type ScannedCode } from './scanned-code.ts';
import { ScanResult } from './scan-results.tsx';
import styles from './qr.module.css';

export function EmployeeQrScanScreen() {
  const { t } = useTranslation();
  const [code, setCode] = useState<ScannedCode | undefined>(undefined);
  useEffect(markFirstContentShown, []);
  return (
    <div className={styles.screen}>
      <ScreenHeader title={t('routes.employee-qr-scan')} back={HOME_PATH} />
      <main className={styles.content}>
        {code ? (
          <ScanResult code={code} onScanAgain={() => setCode(undefined)} />
        ) : (
          <QrScanner hint={t('qr.scan.hint')} onResult={(text) => setCode(parseScannedCode(text, window.location.origin))} />
        )}
      </main>
    </div>
  );
}

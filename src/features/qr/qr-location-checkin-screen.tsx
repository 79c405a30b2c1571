// qr-location-checkin (SPEC §2): scan the code posted at a place (`ess-location:<code>`, or open
// /qr-location-checkin?location=<code> from a link or the employee QR scan), see where it is, and tap
// Check in. The check-in (POST /attendance/qr-check-in, x-inferred) follows that tap only, never the
// address or the scan; the server's answer is kept as SPEC §3's check-in data and the last one shows
// when the screen opens. A code the server does not know (404) or refuses (422) is said plainly.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { useFailureHandler } from '../../shared/errors/use-failure-handler.ts';
import { formatDateTime } from '../../shared/format/formatters.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { HOME_PATH } from '../../shared/routes/app-routes.ts';
import { markFirstContentShown } from '../../shared/scheduling/after-first-content.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckInPlaceIcon, CheckInTimeIcon, ScanQrIcon, SuccessIcon } from '../../shared/ui/icons.tsx';
import { ScreenHeader } from '../../shared/ui/screen-header.tsx';
import { lastCheckIn, useCheckIn, type StoredCheckIn } from './api.ts';
import { currentPosition } from './geolocation.ts';
import { QrScanner } from './qr-scanner.tsx';
import { locationCodeOf, parseScannedCode } from './scanned-code.ts';
import styles from './qr.module.css';

type Step = { step: 'scan'; notLocation?: boolean } | { step: 'confirm'; locationCode: string; scannedAt: Date } | { step: 'done'; saved: StoredCheckIn };

/** The server's refusals of a code, said in the person's language (its own message is kept for anything else). */
function refusalKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  if (error.status === 404) return 'qr.checkIn.unknownLocation';
  if (error.status === 422) return 'qr.checkIn.invalidCode';
  return undefined;
}

function CheckInSummary({ saved, headingLevel }: { saved: StoredCheckIn; headingLevel: 'h2' | 'p' }) {
  const { t, i18n } = useTranslation();
  const { check_in: checkIn } = saved;
  const Heading = headingLevel;
  return (
    <div className={styles.summary}>
      <Heading className={styles.resultTitle}>{checkIn.location.name}</Heading>
      {checkIn.location.address && <p className={styles.resultDetail}>{checkIn.location.address}</p>}
      <p className={styles.resultDetail}>
        <CheckInTimeIcon size={16} aria-hidden="true" /> {formatDateTime(checkIn.checked_in_at, i18n.language)}
      </p>
      <p className={styles.resultDetail}>
        <CheckInPlaceIcon size={16} aria-hidden="true" /> {checkIn.location.code ?? saved.location_code}
        {typeof checkIn.distance_m === 'number' && ` · ${t('qr.checkIn.distance', { metres: Math.round(checkIn.distance_m) })}`}
      </p>
    </div>
  );
}

function Confirm({ locationCode, scannedAt, onDone, onScanAgain }: { locationCode: string; scannedAt: Date; onDone(saved: StoredCheckIn): void; onScanAgain(): void }) {
  const { t } = useTranslation();
  const positionId = useId();
  const [sendPosition, setSendPosition] = useState(false);
  const [locating, setLocating] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const checkIn = useCheckIn();
  const handleFailure = useFailureHandler();

  const submit = async () => {
    setRefusal(undefined);
    setLocating(sendPosition);
    const position = sendPosition ? await currentPosition() : undefined;
    setLocating(false);
    checkIn.mutate(
      { body: { location_code: locationCode, scanned_at: scannedAt.toISOString(), ...position } },
      {
        onSuccess: (answer) => onDone({ check_in: answer.check_in, location_code: locationCode }),
        onError: (error) => {
          const key = refusalKey(error);
          if (key) setRefusal(key);
          else void handleFailure(error);
        },
      },
    );
  };

  return (
    <section className={styles.result} aria-labelledby={`${positionId}-title`} data-testid="check-in-confirm">
      <span className={styles.resultIcon} aria-hidden="true">
        <CheckInPlaceIcon size={24} />
      </span>
      <p className={styles.resultLead}>{t('qr.checkIn.confirmLead')}</p>
      <h2 id={`${positionId}-title`} className={styles.resultTitle}>
        {locationCode}
      </h2>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={sendPosition} onChange={(event) => setSendPosition(event.target.checked)} />
        <span>{t('qr.checkIn.sendPosition')}</span>
      </label>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {t(refusal, { code: locationCode })}
        </p>
      )}
      <div className={styles.actions}>
        <Button icon={CheckInPlaceIcon} busy={locating || checkIn.isPending} onClick={() => void submit()}>
          {locating ? t('qr.checkIn.locating') : t('qr.checkIn.checkIn')}
        </Button>
      </div>
      <Button variant="ghost" icon={ScanQrIcon} onClick={onScanAgain} className={styles.scanAgain}>
        {t('qr.checkIn.scanAnother')}
      </Button>
    </section>
  );
}

export function QrLocationCheckInScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const linked = locationCodeOf(search.get('location'));
  const [step, setStep] = useState<Step>(() => (linked ? { step: 'confirm', locationCode: linked, scannedAt: new Date() } : { step: 'scan' }));
  // Read at each render (storage answers from memory): after a check-in and Scan another, it is that one.
  const previous = lastCheckIn();
  useEffect(markFirstContentShown, []);

  const scanned = (text: string) => {
    const code = parseScannedCode(text, window.location.origin);
    const locationCode = code.kind === 'location' ? code.locationCode : code.kind === 'route' ? locationCodeOf(new URL(code.path, window.location.origin).searchParams.get('location')) : undefined;
    setStep(locationCode ? { step: 'confirm', locationCode, scannedAt: new Date() } : { step: 'scan', notLocation: true });
  };

  return (
    <div className={styles.screen}>
      <ScreenHeader title={t('routes.qr-location-checkin')} back={HOME_PATH} />
      <main className={styles.content}>
        {step.step === 'scan' && (
          <>
            {step.notLocation && (
              <p className={styles.refusal} role="alert">
                {t('qr.checkIn.notLocation')}
              </p>
            )}
            <QrScanner hint={t('qr.checkIn.hint')} onResult={scanned} />
          </>
        )}
        {step.step === 'confirm' && (
          <Confirm locationCode={step.locationCode} scannedAt={step.scannedAt} onDone={(saved) => setStep({ step: 'done', saved })} onScanAgain={() => setStep({ step: 'scan' })} />
        )}
        {step.step === 'done' && (
          <section className={styles.result} data-testid="check-in-done" aria-label={t('qr.checkIn.done')}>
            <span className={`${styles.resultIcon} ${styles.success}`} aria-hidden="true">
              <SuccessIcon size={28} />
            </span>
            <p className={styles.resultLead} role="status">
              {t('qr.checkIn.done')}
            </p>
            <CheckInSummary saved={step.saved} headingLevel="h2" />
            <Button variant="ghost" icon={ScanQrIcon} onClick={() => setStep({ step: 'scan' })} className={styles.scanAgain}>
              {t('qr.checkIn.scanAnother')}
            </Button>
          </section>
        )}
        {step.step !== 'done' && previous && (
          <section className={styles.previous} aria-label={t('qr.checkIn.last')} data-testid="last-check-in">
            <p className={styles.resultLead}>{t('qr.checkIn.last')}</p>
            <CheckInSummary saved={previous} headingLevel="p" />
          </section>
        )}
      </main>
    </div>
  );
}

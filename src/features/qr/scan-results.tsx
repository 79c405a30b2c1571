// What a scanned code shows on the employee QR scan screen. Nothing here writes: an app address is
// opened only on a tap (a navigation, through safe-path: scanned-code.ts), an employee's code shows who
// it is (a read), a location code leads to the check-in screen, where checking in is its own tap, and a
// web address of another site is shown as text with an explicit "Open link" in a new window.
import { Link, useNavigate } from 'react-router';
import { startCallIntent, startCallPath, type CallTarget } from '../../shared/domain/start-call-link.ts';
import { displayText } from '../../shared/format/display-text.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import * as paths from '../../shared/routes/paths.ts';
import { Avatar, fullName } from '../../shared/ui/avatar.tsx';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { CallIcon, ChatIcon, CheckInPlaceIcon, CopyIcon, EmployeeCardIcon, OpenLinkIcon, ScanQrIcon } from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useEmployeeByNumber } from './api.ts';
import { routeTitleKey } from './route-title.ts';
import type { ScannedCode } from './scanned-code.ts';
import styles from './qr.module.css';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => showToast(t('qr.result.copied'), { tone: 'success' }),
      () => showToast(t('qr.result.copyFailed'), { tone: 'danger' }),
    );
  return (
    <Button variant="secondary" icon={CopyIcon} onClick={() => void copy()}>
      {t('qr.result.copy')}
    </Button>
  );
}

function RouteResult({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = routeTitleKey(path);
  return (
    <>
      <p className={styles.resultLead}>{t('qr.result.routeLead')}</p>
      <p className={styles.resultTitle}>{titleKey ? t(titleKey) : path}</p>
      <p className={styles.resultDetail}>
        <code>{path}</code>
      </p>
      <div className={styles.actions}>
        <Button icon={ScanQrIcon} onClick={() => void navigate(path)}>
          {t('qr.result.open')}
        </Button>
      </div>
    </>
  );
}

function EmployeeResult({ employeeNumber }: { employeeNumber: string }) {
  const { t } = useTranslation();
  const employee = useEmployeeByNumber(employeeNumber);
  if (employee.isPending) return <Skeleton rows={1} label={t('common.loading')} />;
  if (employee.isError || !employee.data) {
    return (
      <>
        <p className={styles.resultLead}>{t('qr.result.employeeLead')}</p>
        <p className={styles.resultTitle}>{t(employee.isError ? 'qr.result.employeeFailed' : 'qr.result.employeeUnknown', { number: employeeNumber })}</p>
      </>
    );
  }
  const person = employee.data;
  const callTarget: CallTarget = { kind: 'person', userId: person.id };
  const name = fullName(person.first_name, person.last_name);
  const job = displayText(person.ess_employee_profile?.full_job_title ?? person.ess_employee_profile?.job_title);
  const company = displayText(person.ess_company?.name);
  return (
    <>
      <p className={styles.resultLead}>{t('qr.result.employeeLead')}</p>
      <div className={styles.person} data-testid="scanned-employee">
        <Avatar src={person.signed_profile_picture_url} firstName={person.first_name} lastName={person.last_name} size="l" decorative />
        <div className={styles.personText}>
          <p className={styles.resultTitle}>{name || employeeNumber}</p>
          <p className={styles.resultDetail}>{t('qr.result.employeeNumber', { number: displayText(person.employee_number) || employeeNumber })}</p>
          {job && <p className={styles.resultDetail}>{job}</p>}
          {company && <p className={styles.resultDetail}>{company}</p>}
        </div>
      </div>
      {/* Each a tap in the app: the direct chat screen still asks before it starts a chat; Call starts the call, as a room's call button does. */}
      <div className={styles.actions}>
        <Link to={`${paths.route('messages/direct-chat')}?user_id=${person.id}`} className={buttonClass({ variant: 'secondary' })}>
          <ChatIcon size={20} aria-hidden="true" />
          <span>{t('qr.result.message')}</span>
        </Link>
        <Link to={startCallPath(callTarget)} state={startCallIntent(callTarget)} className={buttonClass({ variant: 'secondary' })}>
          <CallIcon size={20} aria-hidden="true" />
          <span>{t('qr.result.call')}</span>
        </Link>
      </div>
    </>
  );
}

function LocationResult({ locationCode }: { locationCode: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.resultLead}>{t('qr.result.locationLead')}</p>
      <p className={styles.resultTitle}>{locationCode}</p>
      <div className={styles.actions}>
        <Link to={paths.qrLocationCheckIn(locationCode)} className={buttonClass()}>
          <CheckInPlaceIcon size={20} aria-hidden="true" />
          <span>{t('qr.result.goCheckIn')}</span>
        </Link>
      </div>
    </>
  );
}

function TextResult({ text, url }: { text: string; url?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.resultLead}>{url ? t('qr.result.linkLead') : t('qr.result.textLead')}</p>
      <p className={styles.scannedText} data-testid="scanned-text">
        {text}
      </p>
      <div className={styles.actions}>
        {url && (
          // Another site: a new window without access back to the app (noopener) and without our address (noreferrer).
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            <OpenLinkIcon size={20} aria-hidden="true" />
            <span>{t('qr.result.openLink')}</span>
          </a>
        )}
        <CopyButton text={text} />
      </div>
    </>
  );
}

export function ScanResult({ code, onScanAgain }: { code: ScannedCode; onScanAgain(): void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.result} aria-label={t('qr.result.title')} data-testid="scan-result" data-kind={code.kind}>
      <span className={styles.resultIcon} aria-hidden="true">
        {code.kind === 'employee' ? <EmployeeCardIcon size={24} /> : code.kind === 'location' ? <CheckInPlaceIcon size={24} /> : <ScanQrIcon size={24} />}
      </span>
      {code.kind === 'route' && <RouteResult path={code.path} />}
      {code.kind === 'employee' && <EmployeeResult employeeNumber={code.employeeNumber} />}
      {code.kind === 'location' && <LocationResult locationCode={code.locationCode} />}
      {code.kind === 'link' && <TextResult text={code.url} url={code.url} />}
      {code.kind === 'text' && <TextResult text={code.text} />}
      <Button variant="ghost" icon={ScanQrIcon} onClick={onScanAgain} className={styles.scanAgain}>
        {t('qr.result.scanAgain')}
      </Button>
    </section>
  );
}

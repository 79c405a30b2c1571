// Quick links on Home: single sign-on to the partner HR system and the job
// portal. Each asks the server for a one-visit URL, then opens it in a new window (SPEC §7).
import { useNavigate } from 'react-router';
import { describeFailure, failureFromError, type ErrorContext, type Failure } from '../../api/errors.ts';
import { handleFailure } from '../../shared/errors/handle-failure.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { ExternalLinkIcon, HrIcon, VacancyIcon } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useJobPortalToken, useSunfishSsoToken } from './api.ts';
import { openPendingWindow, toHttpUrl } from './external-window.ts';
import card from '../../shared/ui/card.module.css';
import styles from './quick-links.module.css';

/** Where to go, or why not. */
type Resolved = { url: string } | { failure: Failure };

function ssoSucceeded(status: unknown): boolean {
  if (typeof status === 'string') return !['', '0', 'false'].includes(status.trim().toLowerCase());
  return Boolean(status);
}

// SPEC §8: the server's error_message first; without one (no status, or a failure with no message)
// the catalogue's 'Something went wrong. Please try again later!'.
function resolveSso(answer: { status?: unknown; data?: string | null; error_message?: string | null }): Resolved {
  const url = ssoSucceeded(answer.status) ? toHttpUrl(answer.data) : null;
  if (url) return { url };
  return { failure: { type: 'server', message: answer.error_message ?? undefined, inBody: true } };
}

function resolveJobPortal(answer: { url?: string }): Resolved {
  const url = toHttpUrl(answer.url);
  return url ? { url } : { failure: { type: 'malformed' } };
}

export function QuickLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sso = useSunfishSsoToken();
  const jobPortal = useJobPortalToken();

  // The blank window must open during the tap itself (popup blockers), before the call answers.
  const follow = async (context: ErrorContext, call: () => Promise<Resolved>) => {
    const pending = openPendingWindow();
    let resolved: Resolved;
    try {
      resolved = await call();
    } catch (error) {
      resolved = { failure: failureFromError(error) };
    }
    if ('url' in resolved) return pending.go(resolved.url);
    pending.cancel();
    await handleFailure(describeFailure(context, resolved.failure), { navigate });
  };

  const openSso = () => {
    if (!sso.isPending) void follow('sso', async () => resolveSso(await sso.mutateAsync({})));
  };
  const openJobPortal = () => {
    if (!jobPortal.isPending) void follow('jobPortal', async () => resolveJobPortal(await jobPortal.mutateAsync()));
  };

  const links = [
    { id: 'sso', label: t('links.sso'), Icon: HrIcon, busy: sso.isPending, open: openSso },
    { id: 'job-portal', label: t('links.jobPortal'), Icon: VacancyIcon, busy: jobPortal.isPending, open: openJobPortal },
  ];

  return (
    <section aria-labelledby="quick-links-title" className={card.card}>
      <h2 id="quick-links-title" className={card.cardTitle}>
        {t('links.title')}
      </h2>
      <ul className={styles.links}>
        {links.map(({ id, label, Icon, busy, open }) => (
          <li key={id}>
            {/* Opens in a new window: the trailing mark says so; while it opens, a spinner takes its place. */}
            <button type="button" className={styles.link} disabled={busy} aria-busy={busy} onClick={open} title={label}>
              <span className={styles.icon}>
                <Icon size={22} aria-hidden="true" />
              </span>
              <span className={styles.label}>{label}</span>
              {busy ? <Spinner inline label={t('links.opening')} /> : <ExternalLinkIcon size={18} aria-hidden="true" className={styles.external} />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

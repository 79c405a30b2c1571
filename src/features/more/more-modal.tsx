// The More modal of SPEC §2/§4/§8: a spinner until the user's data is fetched afresh, then the tiles.
// A tile closes the modal and hands its page to the opener; a password never changed or a
// CHANGE_PASSWORD answer leads to /change-password; a 401 logs out; anything else alerts and closes.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { describeFailure, failureFromError, type Failure } from '../../api/errors.ts';
import { handleFailure } from '../../shared/errors/handle-failure.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { CHANGE_PASSWORD_PATH } from '../../shared/routes/app-routes.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useMoreUserData } from './api.ts';
import { MORE_PAGES } from './more-pages.ts';
import styles from './more.module.css';

export interface MoreResult {
  page: string;
}

export interface MoreModalProps {
  /** Called once: with the chosen page when a tile was tapped, without a result otherwise. */
  onClose(result?: MoreResult): void;
}

type Outcome = { kind: 'ready' } | { kind: 'change-password' } | { kind: 'failure'; failure: Failure } | { kind: 'loading' };

export function MoreModal({ onClose }: MoreModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useMoreUserData();
  const handled = useRef(false);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  // Only an answer fetched since the menu opened counts: the session's cached copy may be old.
  let outcome: Outcome = { kind: 'loading' };
  if (query.isFetchedAfterMount && !query.isFetching) {
    if (query.isError) outcome = { kind: 'failure', failure: failureFromError(query.error) };
    else if (query.data) outcome = query.data.changed_password === 1 ? { kind: 'ready' } : { kind: 'change-password' };
  }

  const outcomeKind = outcome.kind;
  const failure = outcome.kind === 'failure' ? outcome.failure : null;
  useEffect(() => {
    if (handled.current || (outcomeKind !== 'change-password' && outcomeKind !== 'failure')) return;
    handled.current = true;
    if (outcomeKind === 'change-password') {
      navigate(CHANGE_PASSWORD_PATH);
      latestClose.current();
      return;
    }
    if (!failure) return;
    void handleFailure(describeFailure('more', failure), { navigate, close: () => latestClose.current() }).then(() =>
      latestClose.current(),
    );
  }, [outcomeKind, failure, navigate]);

  return (
    <Modal title={t('more.title')} closeLabel={t('more.close')} onClose={() => onClose()}>
      {outcome.kind === 'ready' ? (
        <ul className={styles.tiles}>
          {MORE_PAGES.map(({ icon: Icon, ...entry }) => (
            <li key={entry.page}>
              <button type="button" className={styles.tile} onClick={() => onClose({ page: entry.page })}>
                <span className={styles.tileIcon}>
                  <Icon size={22} aria-hidden="true" />
                </span>
                {t(entry.labelKey)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

// The header's "More" button: opens the More modal and goes where the modal says (SPEC §2: the modal
// returns the page to its opener).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toSafePath } from '../../shared/safe-path/safe-path.ts';
import type { MoreResult } from './more-modal.tsx';
import styles from './more.module.css';

// Loaded when the button is tapped: Home's first paint does not need it.
const MoreModal = lazy(() => import('./more-modal.tsx').then((module) => ({ default: module.MoreModal })));

export function MoreButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const close = (result?: MoreResult) => {
    setOpen(false);
    const path = result ? toSafePath(result.page) : null;
    if (path) navigate(path);
  };

  return (
    <>
      <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('more.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MoreModal onClose={close} />
        </Suspense>
      )}
    </>
  );
}

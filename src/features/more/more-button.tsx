// The header's "More" button: opens the More modal and goes where the modal says (SPEC §2: the modal
// returns the page to its opener). An icon button named "More", drawn in the colour of the bar it sits on.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { toSafePath } from '../../shared/safe-path/safe-path.ts';
import { MoreVerticalIcon } from '../../shared/ui/icons.tsx';
import type { MoreResult } from './more-modal.tsx';
import styles from './more.module.css';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../shared/loading/deferred-boundary.tsx';

// Loaded when the button is tapped: Home's first paint does not need it.
const MoreModal = lazyComponent(() => import('./more-modal.tsx').then((module) => ({ default: module.MoreModal })));

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
      <button type="button" className={styles.open} aria-haspopup="dialog" aria-label={t('more.open')} title={t('more.open')} onClick={() => setOpen(true)}>
        <MoreVerticalIcon size={22} aria-hidden="true" />
      </button>
      {open && (
        <DeferredBoundary name="the More sheet">
          <MoreModal onClose={close} />
        </DeferredBoundary>
      )}
    </>
  );
}

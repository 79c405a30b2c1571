// The header's "More" button: opens the More modal and goes where the modal says (SPEC §2: the modal
// returns the page to its opener).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toSafePath } from '../../shared/safe-path/safe-path.ts';
import { MoreModal, type MoreResult } from './more-modal.tsx';
import styles from './more.module.css';

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
      {open && <MoreModal onClose={close} />}
    </>
  );
}

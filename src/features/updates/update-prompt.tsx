// The update dialog of SPEC §9: optional (Install / Ignore) or mandatory (Continue only), with an
// optional description after the prefix. Modal: focus starts on the main action and stays inside.
import type { CSSProperties, KeyboardEvent } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface UpdatePromptProps {
  /** A mandatory update offers no way out: one Continue button that installs it. */
  mandatory?: boolean;
  /** Shown after `update.descriptionPrefix`. */
  description?: string;
  /** Install (optional) or Continue (mandatory): apply the waiting version. */
  onInstall(): void;
  /** Ignore: hide the prompt for this session. Not offered when mandatory. */
  onIgnore?(): void;
  /** True while the new version takes over; the buttons stop answering. */
  busy?: boolean;
}

const backdropStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1100,
  display: 'grid',
  placeItems: 'center',
  padding: 24,
  background: 'rgba(0, 0, 0, 0.45)',
};
const dialogStyle: CSSProperties = {
  width: 'min(100%, 360px)',
  padding: 24,
  borderRadius: 12,
  background: '#ffffff',
  color: '#1f1f24',
  font: '16px/1.5 system-ui, sans-serif',
  boxShadow: '0 12px 32px rgba(0, 0, 0, 0.25)',
};
const actionsStyle: CSSProperties = { display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 24 };
const buttonStyle: CSSProperties = {
  minWidth: 88,
  minHeight: 44,
  padding: '0 16px',
  border: '1px solid #4819e3',
  borderRadius: 8,
  font: '600 15px/1 system-ui, sans-serif',
  cursor: 'pointer',
};
const primaryStyle: CSSProperties = { ...buttonStyle, background: '#4819e3', color: '#ffffff' };
const secondaryStyle: CSSProperties = { ...buttonStyle, background: '#ffffff', color: '#4819e3' };

export function UpdatePrompt({ mandatory = false, description, onInstall, onIgnore, busy = false }: UpdatePromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    primaryRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !mandatory && onIgnore) {
      event.preventDefault();
      onIgnore();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialogRef.current?.querySelectorAll('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div style={backdropStyle}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        style={dialogStyle}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} style={{ margin: 0, fontSize: 20, lineHeight: 1.3 }}>
          {t('update.title')}
        </h2>
        <p id={messageId} style={{ margin: '12px 0 0', whiteSpace: 'pre-wrap' }}>
          {t(mandatory ? 'update.mandatory' : 'update.optional')}
          {description ? `${t('update.descriptionPrefix')}${description}` : null}
        </p>
        <div style={actionsStyle}>
          {mandatory ? null : (
            <button type="button" style={secondaryStyle} onClick={onIgnore} disabled={busy}>
              {t('update.ignore')}
            </button>
          )}
          <button ref={primaryRef} type="button" style={primaryStyle} onClick={onInstall} disabled={busy} aria-busy={busy}>
            {t(mandatory ? 'update.continue' : 'update.install')}
          </button>
        </div>
      </div>
    </div>
  );
}

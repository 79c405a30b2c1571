// A screen's header, the one kind: Back (an icon button named "Back" in the person's language), the
// screen's title as its heading (cut to one line, the whole of it as a tooltip), and an optional slot
// for the screen's actions (icon buttons, a Menu, or links and buttons with `headerActionClass`).
// Back goes back through the app's history or, opened from outside, to the screen's fallback
// (src/shared/routes/back-or.ts); a screen whose Back means something else passes what it does.
// On a tab screen the signed-in person's avatar ends the header (header-account.tsx, given by the shell).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { goBackOr } from '../routes/back-or.ts';
import { IconButton } from './button.tsx';
import { HeaderAccount } from './header-account.tsx';
import { BackIcon } from './icons.tsx';
import styles from './screen-header.module.css';

export interface ScreenHeaderProps {
  /** The screen's title: the page's heading (h1). */
  title: ReactNode;
  /** The title as text, for the tooltip of a title cut short (defaults to the title when it is a string). */
  titleText?: string;
  /** The heading's id, for the screen's aria-labelledby. */
  titleId?: string;
  /**
   * Back: a path (where Back lands when the app's history has nothing before this screen), or what
   * Back does. Without it the header has no Back (a tab's root screen).
   */
  back?: string | (() => void);
  /** The screen's actions, after the title (IconButtons, a Menu, or controls styled with `headerActionClass`). */
  actions?: ReactNode;
}

/** The class of a button or link in the header's actions slot: a round icon button's look. */
export const headerActionClass = styles.action;

export function ScreenHeader({ title, titleText, titleId, back, actions }: ScreenHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => (typeof back === 'function' ? back() : back !== undefined && goBackOr(navigate, back));
  const tooltip = titleText ?? (typeof title === 'string' ? title : undefined);
  return (
    <header className={styles.header}>
      {back !== undefined && <IconButton icon={BackIcon} label={t('common.back')} onClick={goBack} className={styles.back} />}
      <h1 id={titleId} className={styles.title} title={tooltip}>
        {title}
      </h1>
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      <HeaderAccount />
    </header>
  );
}

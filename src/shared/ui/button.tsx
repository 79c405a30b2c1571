// Buttons: a text button in four weights, and a round icon button whose accessible name is required.
// A busy button keeps its width, shows the spinning mark and is disabled (SPEC §2's "Upload File" and
// "Create" become spinners while they work).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { IconComponent } from './icons.tsx';
import { SpinnerMark } from './spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 's' | 'm' | 'l';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Working: disabled, with the spinning mark in place of the icon. */
  busy?: boolean;
}

export interface ButtonProps extends CommonProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** An icon before the text. */
  icon?: IconComponent;
  /** Fill the width of its container. */
  block?: boolean;
  children: ReactNode;
}

export function buttonClass({ variant = 'primary', size = 'm', block = false }: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean } = {}): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({ variant, size, busy = false, icon: Icon, block, className, children, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <SpinnerMark /> : Icon && <Icon size={size === 's' ? 16 : 20} aria-hidden="true" />}
      <span className={styles.text}>{children}</span>
    </button>
  );
}

export interface IconButtonProps extends CommonProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconComponent;
  /** The accessible name (and the tooltip): required, an icon says nothing to a screen reader. */
  label: string;
  /** Show the label under the icon (the call controls). */
  showLabel?: boolean;
  /** Pressed state for a toggle (mute, camera). */
  pressed?: boolean;
}

const ICON_PIXELS: Record<ButtonSize, number> = { s: 18, m: 22, l: 28 };

export function IconButton({ icon: Icon, label, showLabel = false, pressed, variant = 'ghost', size = 'm', busy = false, className, type = 'button', disabled, ...rest }: IconButtonProps) {
  const classes = [styles.iconButton, styles[variant], styles[`icon-${size}`], className].filter(Boolean).join(' ');
  const icon = busy ? <SpinnerMark /> : <Icon size={ICON_PIXELS[size]} aria-hidden="true" />;
  if (showLabel) {
    return (
      <button type={type} className={styles.labelled} disabled={disabled || busy} aria-pressed={pressed} {...rest}>
        <span className={classes}>{icon}</span>
        <span className={styles.caption}>{label}</span>
      </button>
    );
  }
  return (
    <button type={type} className={classes} aria-label={label} title={label} disabled={disabled || busy} aria-pressed={pressed} {...rest}>
      {icon}
    </button>
  );
}

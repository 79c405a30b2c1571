// Light or dark: the person's choice on Home's settings (remembered on this device, like the language),
// else the device's scheme, followed live. The tokens (tokens.css) hang off html[data-theme], which is
// set before the first render, so no screen paints in the wrong theme.
import { useSyncExternalStore } from 'react';
import { lazyValue } from '../../api/lazy-value.ts';
import { createListenerStore } from '../events/listener-store.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** A device preference, not personal data: it stays after logout, as the language does. */
const STORAGE_KEY = 'ess:theme';

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const choiceStore = createListenerStore<ThemeChoice>('system');

function deviceQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
}

export function resolveTheme(choice: ThemeChoice, deviceDark: boolean): Theme {
  if (choice === 'system') return deviceDark ? 'dark' : 'light';
  return choice;
}

function apply(): void {
  const theme = resolveTheme(choiceStore.getSnapshot(), deviceQuery()?.matches ?? false);
  document.documentElement.dataset.theme = theme;
}

/** Following the device's scheme: its listener is added once, however often the theme starts. */
const followDevice = lazyValue(() => deviceQuery()?.addEventListener('change', apply));

/** Reads the stored choice, applies it, and follows the device's scheme from now on. Call once, before rendering. */
export function startTheme(): void {
  choiceStore.set(readChoice());
  apply();
  followDevice.get();
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this visit.
  }
  choiceStore.set(choice);
  apply();
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(choiceStore.subscribe, choiceStore.getSnapshot);
}

// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { BANNER_HEIGHT_PROPERTY, OfflineBanner } from './offline-banner.tsx';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';

const OFFLINE_TEXT = 'You are offline. Some content may be out of date.';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

function renderBanner() {
  render(
    <I18nProvider i18n={i18nInstance}>
      <OfflineBanner />
    </I18nProvider>,
  );
}

describe('OfflineBanner', () => {
  it('stays empty while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderBanner();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the offline text when the browser starts offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBanner();
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
  });

  it('follows the offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderBanner();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    goOffline(false);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });

  it('reserves its own height at the top of the page while it shows, and gives it back when online', () => {
    const root = document.documentElement;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(58);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderBanner();
    expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('');
    goOffline(true);
    expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('58px');
    goOffline(false);
    expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('');
    goOffline(true);
    cleanup();
    expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('');
  });
});

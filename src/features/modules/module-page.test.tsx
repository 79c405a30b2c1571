// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client.ts';
import { config } from '../../api/config.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { MODULE_LOAD_TIMEOUT_MS, ModulePage } from './module-page.tsx';

let i18nInstance: i18n;

beforeAll(async () => {
  i18nInstance = await createTestI18n();
});

const originalIframeBase = config.iframeBase;
// The company's modules (and the mock's stand-ins) live on their own origin.
const MODULE_ORIGIN = 'http://127.0.0.1:6001';
let onLine = true;

beforeEach(() => {
  onLine = true;
  config.iframeBase = `${MODULE_ORIGIN}/modules`;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  setAccessToken('test-access-token');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  config.iframeBase = originalIframeBase;
  setAccessToken(undefined);
});

function renderModule(entries: string[] = ['/online-meetings']) {
  return render(
    <I18nextProvider i18n={i18nInstance}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/home" element={<p>Home screen</p>} />
          <Route path="/online-meetings" element={<ModulePage path="online-meetings" titleKey="routes.online-meetings" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const frame = () => screen.getByTitle('Online meetings') as HTMLIFrameElement;

function messageFrom(source: Window | null, origin: string, data: unknown = { type: 'ess:session-request' }) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('ModulePage', () => {
  it('shows the loading state first, then the module with the session handed over on load', () => {
    renderModule();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Online meetings');

    const iframe = frame();
    expect(iframe.getAttribute('src')).toBe(`${MODULE_ORIGIN}/modules/online-meetings?lang=en`);
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-same-origin',
    );
    expect(iframe.getAttribute('allow')).toBe('camera; microphone; geolocation; clipboard-write');

    const target = iframe.contentWindow;
    if (!target) throw new Error('the iframe has no window');
    const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);

    fireEvent.load(iframe);

    expect(screen.queryByRole('status')).toBeNull();
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: 'ess:session', accessToken: 'test-access-token', language: 'en' }, MODULE_ORIGIN);
  });

  it('answers a session request from the module window and origin only', () => {
    renderModule();
    const iframe = frame();
    const target = iframe.contentWindow;
    if (!target) throw new Error('the iframe has no window');
    const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);

    messageFrom(target, 'https://evil.example');
    messageFrom(target, window.location.origin);
    messageFrom(window, MODULE_ORIGIN);
    messageFrom(target, MODULE_ORIGIN, { type: 'something-else' });
    expect(postMessage).not.toHaveBeenCalled();

    messageFrom(target, MODULE_ORIGIN);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: 'ess:session', accessToken: 'test-access-token', language: 'en' }, MODULE_ORIGIN);
    expect(postMessage.mock.calls[0]?.[1]).not.toBe('*');
  });

  it('runs a module served from the app origin on an opaque origin, without the session', () => {
    // With allow-scripts and allow-same-origin a same-origin frame could lift its sandbox (Chromium warns).
    config.iframeBase = '/modules';
    renderModule();
    const iframe = frame();
    expect(iframe.getAttribute('src')).toBe('/modules/online-meetings?lang=en');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads');
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-same-origin');

    const target = iframe.contentWindow;
    if (!target) throw new Error('the iframe has no window');
    const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(iframe);
    messageFrom(target, 'null');
    messageFrom(target, window.location.origin);
    expect(screen.queryByRole('status')).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('offers a retry when the module has not loaded within 20 s, and the retry loads it again', () => {
    vi.useFakeTimers();
    renderModule();
    const firstFrame = frame();

    act(() => {
      vi.advanceTimersByTime(MODULE_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.getByRole('status')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTitle('Online meetings')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    const secondFrame = frame();
    expect(secondFrame).not.toBe(firstFrame);
    expect(secondFrame.getAttribute('src')).toBe(`${MODULE_ORIGIN}/modules/online-meetings?lang=en`);

    fireEvent.load(secondFrame);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so at once when the device is offline, and retries when it comes back online', () => {
    onLine = false;
    renderModule();
    expect(screen.getByRole('alert').textContent).toContain('You are offline. Connect to the internet and try again.');
    expect(screen.queryByTitle('Online meetings')).toBeNull();

    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(frame()).toBeTruthy();
  });

  it('reacts to the offline event while loading, but keeps a loaded module on screen', () => {
    renderModule();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert').textContent).toContain('You are offline.');

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const iframe = frame();
    fireEvent.load(iframe);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame()).toBe(iframe);
  });

  it('explains when this installation has no iframe base, without a retry', () => {
    config.iframeBase = '';
    renderModule();
    expect(screen.getByRole('alert').textContent).toContain('This service is not available in this installation.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByTitle('Online meetings')).toBeNull();
  });

  it('goes back in history, or home when the page is the first entry', () => {
    renderModule(['/home', '/online-meetings']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Home screen')).toBeTruthy();
    cleanup();

    renderModule(['/online-meetings']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Home screen')).toBeTruthy();
  });
});

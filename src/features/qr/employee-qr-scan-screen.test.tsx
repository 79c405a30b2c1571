// @vitest-environment jsdom
// What the employee QR scan screen shows for each kind of code, as a person meets it: the camera opens on
// entering and stops once a code is read; a code with one of the app's addresses is shown with where it
// leads and opened only on Open; text and hostile codes are shown as text, never followed (another site
// only through an explicit "Open link" in a new window); a colleague's My QR says who it is, with Message
// and Call. The decoder is stubbed (the browser suite reads real codes with the WebAssembly reader).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { renderQrScreen } from './testing/render-qr.tsx';

const decode = vi.fn<() => Promise<string | null>>();
vi.mock('./qr-decoder.ts', () => ({
  createQrDecoder: async () => ({ kind: 'wasm', decode }),
  photoSource: async () => ({ image: {}, width: 10, height: 10, close: () => undefined }),
}));

const { EmployeeQrScanScreen } = await import('./employee-qr-scan-screen.tsx');

// The contract's example answer of the employee search (SPEC §7), for Budi's employee number.
const BUDI = {
  id: 43,
  first_name: 'Budi',
  last_name: 'Santoso',
  employee_number: '100235',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Supervisor Gudang - Distribution Center Cikarang', job_title: 'Supervisor Gudang' },
  ess_company: { name: 'PT Maju Bersama Indonesia' },
};

let i18nInstance: Translator;
beforeAll(async () => {
  i18nInstance = createTestI18n();
  // jsdom plays no video: a playing one has a frame of 640 x 480.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});

let track: { stop: ReturnType<typeof vi.fn>; getCapabilities(): Record<string, unknown>; applyConstraints: ReturnType<typeof vi.fn> };
let searched: unknown[];

beforeEach(() => {
  decode.mockReset();
  decode.mockResolvedValue(null);
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });
  track = { stop: vi.fn(), getCapabilities: () => ({}), applyConstraints: vi.fn(async () => undefined) };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  searched = [];
  stubRequestAndFetch(async (url, request) => {
    if (url.pathname === '/api/live-chat/search-employees' && request.method === 'POST') {
      searched.push(await request.json());
      return json({ error: false, status_code: 200, users: [BUDI] });
    }
    return json({ error: true, status_code: 404, error_message: 'Not found.' }, 404);
  });
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia: vi.fn(async () => stream as unknown as MediaStream) } }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  renderQrScreen(<EmployeeQrScanScreen />, { path: '/employee-qr-scan', queryClient: createTestQueryClient(), i18nInstance });
  return userEvent.setup();
}

async function scanPhoto(user: ReturnType<typeof userEvent.setup>, text: string) {
  decode.mockResolvedValueOnce(text);
  await user.upload(screen.getByLabelText('Scan from photo'), new File(['png'], 'code.png', { type: 'image/png' }));
}

const location = () => screen.getByTestId('location').textContent;

describe('the employee QR scan screen', () => {
  it("shows a code with one of the app's addresses with where it leads, and opens it only on Open", async () => {
    const user = open();
    expect(screen.getByRole('heading', { name: 'Employee QR scan' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('qr-viewport').dataset.phase).toBe('scanning'));
    await scanPhoto(user, `${window.location.origin}/notification`);

    const result = await screen.findByTestId('scan-result');
    expect(result.dataset.kind).toBe('route');
    expect(result.textContent).toContain('This code opens a screen of the app');
    expect(result.textContent).toContain('/notification');
    // Nothing happened by itself: still here, the camera stopped.
    expect(location()).toBe('/employee-qr-scan');
    expect(screen.queryByTestId('qr-viewport')).toBeNull();
    expect(track.stop).toHaveBeenCalled();

    await user.click(within(result).getByRole('button', { name: 'Open' }));
    expect(location()).toBe('/notification');
  });

  it('shows a plain text code as text with Copy, and hostile codes as text, never followed', async () => {
    const user = open();
    await scanPhoto(user, 'Meeting room 7B: Wi-Fi ESS-Guest');
    const result = await screen.findByTestId('scan-result');
    expect(result.dataset.kind).toBe('text');
    expect(screen.getByTestId('scanned-text').textContent).toBe('Meeting room 7B: Wi-Fi ESS-Guest');
    await user.click(within(result).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('Meeting room 7B: Wi-Fi ESS-Guest');

    for (const hostile of ['javascript:alert(document.domain)', '//evil.example/home', 'https://evil.example/notification']) {
      await user.click(within(screen.getByTestId('scan-result')).getByRole('button', { name: 'Scan again' }));
      await scanPhoto(user, hostile);
      await waitFor(() => expect(screen.getByTestId('scanned-text').textContent).toBe(hostile));
      const shown = screen.getByTestId('scan-result');
      expect(within(shown).queryByRole('button', { name: 'Open' })).toBeNull();
      const link = within(shown).queryByRole('link', { name: 'Open link' });
      if (hostile.startsWith('https:')) {
        // Another site: only on request, in a new window that cannot reach back into the app.
        expect(link?.getAttribute('href')).toBe(hostile);
        expect(link?.getAttribute('target')).toBe('_blank');
        expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
      } else {
        expect(link).toBeNull();
      }
      expect(location()).toBe('/employee-qr-scan');
    }
  });

  it("shows who a colleague's My QR belongs to, with Message and Call", async () => {
    const user = open();
    await scanPhoto(user, 'ess-employee:100235');
    const person = await screen.findByTestId('scanned-employee');
    expect(person.textContent).toContain('Budi Santoso');
    expect(person.textContent).toContain('Employee number 100235');
    expect(searched).toEqual([{ employee_code: '100235' }]);
    const result = screen.getByTestId('scan-result');
    expect(within(result).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/messages/direct-chat?user_id=43');
    expect(within(result).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('/video-call/direct-video-call?user_id=43');
  });
});

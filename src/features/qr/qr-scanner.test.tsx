// @vitest-environment jsdom
// The scanner's camera as a person meets it: it opens on entering, a code read from a frame is handed
// on and the camera stops at once; leaving stops it too; a refused, missing or absent camera is explained
// (and Scan from photo stays); the torch is offered only where the camera has one.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';

const decode = vi.fn<() => Promise<string | null>>();
vi.mock('./qr-decoder.ts', () => ({
  createQrDecoder: async () => ({ kind: 'wasm', decode }),
  photoSource: async () => ({ image: {}, width: 10, height: 10, close: () => undefined }),
}));

const { QrScanner } = await import('./qr-scanner.tsx');

let i18nInstance: Translator;
beforeAll(async () => {
  i18nInstance = createTestI18n();
  // jsdom plays no video: a playing one has a frame of 640 × 480.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});

interface FakeTrack {
  stop: ReturnType<typeof vi.fn>;
  getCapabilities(): Record<string, unknown>;
  applyConstraints: ReturnType<typeof vi.fn>;
}

/**
 * A camera that opens a stream of its own on every getUserMedia, as a browser does; `track` is the one
 * opened last (the camera in use: under StrictMode's double mount the first is opened and closed at once).
 */
function fakeCamera({ torch = false }: { torch?: boolean } = {}) {
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async () => {
    const track: FakeTrack = { stop: vi.fn(), getCapabilities: () => (torch ? { torch: true } : {}), applyConstraints: vi.fn(async () => undefined) };
    tracks.push(track);
    return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
  return {
    get track(): FakeTrack {
      return tracks.at(-1)!;
    },
    getUserMedia,
  };
}

function refusingCamera(name: string) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', name))) } }));
}

beforeEach(() => {
  decode.mockReset();
  decode.mockResolvedValue(null);
  // jsdom has no srcObject on media elements.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderScanner = (onResult = vi.fn()) => ({
  onResult,
  ...render(
    <I18nProvider i18n={i18nInstance}>
      <QrScanner hint="Point the camera at a QR code." onResult={onResult} />
    </I18nProvider>,
  ),
});

describe('the QR scanner', () => {
  it('opens the back camera on entering, hands on the first code read and stops the camera at once', async () => {
    const camera = fakeCamera();
    decode.mockResolvedValueOnce(null).mockResolvedValueOnce('ess-location:JKT-HQ-L1');
    const { onResult } = renderScanner();
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('ess-location:JKT-HQ-L1'), { timeout: 3000 });
    expect(camera.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onResult).toHaveBeenCalledTimes(1);
    // No torch on this camera.
    expect(screen.queryByRole('button', { name: 'Torch on' })).toBeNull();
  });

  it('stops the camera when it leaves the screen', async () => {
    const camera = fakeCamera();
    const { unmount } = renderScanner();
    await waitFor(() => expect(screen.getByTestId('qr-viewport').dataset.phase).toBe('scanning'));
    expect(camera.track.stop).not.toHaveBeenCalled();
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('turns the camera off while the page is out of sight, and on again when it is back', async () => {
    const camera = fakeCamera();
    renderScanner();
    await waitFor(() => expect(screen.getByTestId('qr-viewport').dataset.phase).toBe('scanning'));
    const opened = camera.getUserMedia.mock.calls.length;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(camera.track.stop).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(opened + 1));
    await waitFor(() => expect(screen.getByTestId('qr-viewport').dataset.phase).toBe('scanning'));
    visibility.mockRestore();
  });

  it('offers the torch where the camera has one, and turns it on', async () => {
    const camera = fakeCamera({ torch: true });
    renderScanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Torch on' }));
    expect(camera.track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
    expect(await screen.findByRole('button', { name: 'Torch off' })).toBeTruthy();
  });

  it('explains a refused camera as calls do, with Try again, and keeps Scan from photo', async () => {
    refusingCamera('NotAllowedError');
    const { onResult } = renderScanner();
    const problem = await screen.findByTestId('camera-problem');
    expect(problem.textContent).toContain('Camera access refused');
    expect(problem.textContent).toContain('Allow the camera for this site in your browser settings and try again');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // A photo still scans.
    decode.mockResolvedValue('text from a photo');
    await userEvent.upload(screen.getByLabelText('Scan from photo'), new File(['png'], 'code.png', { type: 'image/png' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('text from a photo'));
  });

  it('explains a missing camera, and a browser without one', async () => {
    refusingCamera('NotFoundError');
    renderScanner();
    expect((await screen.findByTestId('camera-problem')).textContent).toContain('No camera found');
    cleanup();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: undefined }));
    renderScanner();
    const problem = await screen.findByTestId('camera-problem');
    expect(problem.textContent).toContain('Scanning is not available');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when a photo holds no QR code', async () => {
    refusingCamera('NotAllowedError');
    const { onResult } = renderScanner();
    await screen.findByTestId('camera-problem');
    await act(async () => {
      await userEvent.upload(screen.getByLabelText('Scan from photo'), new File(['png'], 'code.png', { type: 'image/png' }));
    });
    expect((await screen.findByText(/No QR code was found in this photo/)).textContent).toBeTruthy();
    expect(onResult).not.toHaveBeenCalled();
  });
});

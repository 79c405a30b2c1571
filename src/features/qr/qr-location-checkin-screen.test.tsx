// @vitest-environment jsdom
// The check-in as a person meets it: a place from a link is only shown until Check in is tapped; the
// answer is shown and kept as SPEC §3's check-in data (shown again next time); a position goes along only
// when ticked; a code the server does not know (404) or refuses (422) is said plainly.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { getStorage, initAppStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { QrLocationCheckInScreen } from './qr-location-checkin-screen.tsx';
import { renderQrScreen } from './testing/render-qr.tsx';

// The decoder is stubbed: a photo "holds" whatever the test says.
const decode = vi.fn<() => Promise<string | null>>();
vi.mock('./qr-decoder.ts', () => ({
  createQrDecoder: async () => ({ kind: 'wasm', decode }),
  photoSource: async () => ({ image: {}, width: 10, height: 10, close: () => undefined }),
}));

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

const CHECK_IN = {
  id: 5012,
  location: { id: 1, code: 'JKT-HQ-L1', name: 'Jakarta Head Office, Floor 1', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta' },
  checked_in_at: '2026-11-20T01:58:13Z',
  distance_m: null,
};

let answer: () => Response;
let posted: Array<Record<string, unknown>>;

beforeEach(async () => {
  await initAppStorage({});
  posted = [];
  answer = () => json({ error: false, status_code: 200, check_in: CHECK_IN });
  stubRequestAndFetch(async (url, request) => {
    if (url.pathname === '/api/attendance/qr-check-in' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer();
    }
    return json({ error: true, status_code: 404, error_message: 'Not found.' }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (path: string) => renderQrScreen(<QrLocationCheckInScreen />, { path, queryClient: createTestQueryClient(), i18nInstance });

describe('the QR location check-in', () => {
  it('shows a place from a link without checking in, then checks in on the tap and keeps the answer', async () => {
    open('/qr-location-checkin?location=jkt-hq-l1');
    const confirm = screen.getByTestId('check-in-confirm');
    expect(within(confirm).getByRole('heading', { name: 'JKT-HQ-L1' })).toBeTruthy();
    expect(posted).toEqual([]);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Check in' }));
    const done = await screen.findByTestId('check-in-done');
    expect(done.textContent).toContain('Checked in');
    expect(done.textContent).toContain('Jakarta Head Office, Floor 1');
    expect(done.textContent).toContain('Jl. Jend. Sudirman');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toEqual({ location_code: 'JKT-HQ-L1', scanned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(getStorage().get(STORAGE_KEYS.checkInData)).toEqual({ check_in: CHECK_IN, location_code: 'JKT-HQ-L1' });
  });

  it('shows the last check-in when it opens, from the stored check-in data', async () => {
    await getStorage().set(STORAGE_KEYS.checkInData, { check_in: CHECK_IN, location_code: 'JKT-HQ-L1' });
    open('/qr-location-checkin?location=SBY-DC');
    const last = screen.getByTestId('last-check-in');
    expect(last.textContent).toContain('Last check-in');
    expect(last.textContent).toContain('Jakarta Head Office, Floor 1');
  });

  it('ignores stored check-in data it cannot read', async () => {
    await getStorage().set(STORAGE_KEYS.checkInData, { something: 'else' });
    open('/qr-location-checkin?location=SBY-DC');
    expect(screen.queryByTestId('last-check-in')).toBeNull();
  });

  it('sends the position only when the person ticks it', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: -6.2253, longitude: 106.8019, accuracy: 18 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { geolocation: { getCurrentPosition } }));
    open('/qr-location-checkin?location=JKT-HQ-L1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send my position with the check-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await screen.findByTestId('check-in-done');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(posted[0]).toMatchObject({ location_code: 'JKT-HQ-L1', latitude: -6.2253, longitude: 106.8019, accuracy_m: 18 });
  });

  it('says plainly when the server does not know the place (404) or refuses the code (422), and stores nothing', async () => {
    answer = () => json({ error: true, status_code: 404, error_message: 'Location not found.' }, 404);
    open('/qr-location-checkin?location=NOWHERE-9');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The code NOWHERE-9 is not a check-in place of the company. Scan the code posted at the place, or ask the site's administrator.",
    );
    answer = () => json({ error: true, status_code: 422, error_message: 'The location code format is invalid.' }, 422);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The code NOWHERE-9 is not a valid check-in code. Scan the code posted at the place.'));
    expect(screen.queryByTestId('check-in-done')).toBeNull();
    expect(getStorage().get(STORAGE_KEYS.checkInData)).toBeUndefined();
  });

  it('a code that is not a location, scanned here with Scan another code, is said to be no check-in code', async () => {
    open('/qr-location-checkin?location=NOWHERE-9');
    await userEvent.click(within(screen.getByTestId('check-in-confirm')).getByRole('button', { name: 'Scan another code' }));
    decode.mockResolvedValueOnce('ess-employee:100235');
    await userEvent.upload(screen.getByLabelText('Scan from photo'), new File(['png'], 'code.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByRole('alert')[0]!.textContent).toMatch(/That QR code is not a check-in code/));
    expect(posted).toEqual([]);
  });

  it("shows another failure through the error catalogue (the server's message under Error)", async () => {
    answer = () => json({ error: true, status_code: 500, error_message: 'Check-in is temporarily unavailable.' });
    open('/qr-location-checkin?location=JKT-HQ-L1');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Error');
    expect(dialog.textContent).toContain('Check-in is temporarily unavailable.');
  });
});

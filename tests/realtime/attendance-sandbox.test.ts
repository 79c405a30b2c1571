// QR location check-in in the sandbox (mocks/sandbox/attendance.ts): POST /attendance/qr-check-in
// records a check-in at a seeded place for the signed-in employee and answers it in the contract's
// shape (checked with the generated schema), with the distance when a position was sent; an unknown
// code is 404 and a malformed one 422, both in the error envelope. Prism is not needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zErrorBody } from '../../generated/http/zod.gen.ts';
import { distanceMetres, LOCATIONS } from '../../mocks/sandbox/attendance.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

const NO_PRISM = 'http://127.0.0.1:9';
let sandbox: RunningSandbox;
let budi = '';

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0 });
  budi = await signIn(sandbox.url, 'budi.santoso');
});

afterAll(() => sandbox?.stop());

async function checkIn(body: unknown, authorization: string | undefined = budi) {
  const response = await fetch(`${sandbox.url}/attendance/qr-check-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('QR location check-in', () => {
  it('records a check-in at a seeded place, at the server time, in the contract shape', async () => {
    const before = Date.now();
    const { status, body } = await checkIn({ location_code: 'JKT-HQ-L1', scanned_at: new Date().toISOString() });
    expect(status).toBe(200);
    responseSchema('checkInAtLocation').parse(body);
    const recorded = body.check_in as { id: number; location: Record<string, unknown>; checked_in_at: string; distance_m: number | null };
    expect(recorded.location).toEqual({ id: 1, code: 'JKT-HQ-L1', name: 'Jakarta Head Office, Floor 1', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta' });
    expect(Date.parse(recorded.checked_in_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(recorded.distance_m).toBeNull();

    const { check_ins } = (await (await fetch(`${sandbox.url}/__sandbox/check-ins`)).json()) as { check_ins: Array<Record<string, unknown>> };
    expect(check_ins.at(-1)).toMatchObject({ id: recorded.id, user_id: 43, location_code: 'JKT-HQ-L1' });
  });

  it('answers the distance from the place when a position is sent, and never refuses on it', async () => {
    const surabaya = LOCATIONS.find((place) => place.code === 'SBY-DC')!;
    // From Jakarta, about 660 km away: recorded all the same (how far is too far is the backend's rule).
    const jakarta = { latitude: -6.2, longitude: 106.8 };
    const { status, body } = await checkIn({ location_code: 'sby-dc', scanned_at: new Date().toISOString(), ...jakarta, accuracy_m: 20 });
    expect(status).toBe(200);
    responseSchema('checkInAtLocation').parse(body);
    const distance = (body.check_in as { distance_m: number }).distance_m;
    expect(distance).toBe(distanceMetres(jakarta, surabaya));
    expect(distance).toBeGreaterThan(600_000);
    expect(distance).toBeLessThan(700_000);
  });

  it('refuses an unknown code (404), a malformed code or a missing time (422), and a caller without a session (401)', async () => {
    const unknown = await checkIn({ location_code: 'NOWHERE-1', scanned_at: new Date().toISOString() });
    expect(unknown.status).toBe(404);
    expect(zErrorBody.parse(unknown.body)).toMatchObject({ error: true, status_code: 404, error_message: 'Location not found.' });
    for (const body of [{ location_code: 'ess-location:JKT-HQ-L1', scanned_at: new Date().toISOString() }, { location_code: '../x', scanned_at: new Date().toISOString() }, { location_code: 'JKT-HQ-L1' }]) {
      const refused = await checkIn(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      zErrorBody.parse(refused.body);
    }
    expect((await checkIn({ location_code: 'JKT-HQ-L1', scanned_at: new Date().toISOString() }, '')).status).toBe(401);
  });
});

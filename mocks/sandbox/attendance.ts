// QR location check-in (POST /attendance/qr-check-in, inferred): each seeded place has a code printed
// in its QR code as `ess-location:<code>` (src/features/qr/scanned-code.ts reads that form). The sandbox
// resolves the code (404 for an unknown one; a malformed one never reaches here: the contract's pattern
// refuses it with 422), records the check-in for the signed-in employee at the sandbox's time, and
// answers the distance from the place when the app sent a position (it never refuses on distance: how
// far is too far is the backend's rule, not shown). GET /__sandbox/check-ins lists what was recorded.
import { userIdFromRequest } from './chat/identity.ts';
import { json, operation, refuse, type SandboxResource } from './routes.ts';

export interface SeededLocation {
  id: number;
  code: string;
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
}

/** The places a newcomer can check in at; the codes are in docs/qr.md and the README (demo sign-ins). */
export const LOCATIONS: readonly SeededLocation[] = [
  { id: 1, code: 'JKT-HQ-L1', name: 'Jakarta Head Office, Floor 1', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta', latitude: -6.2253, longitude: 106.8017 },
  { id: 2, code: 'JKT-HQ-L7', name: 'Jakarta Head Office, Floor 7', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta', latitude: -6.2253, longitude: 106.8017 },
  { id: 3, code: 'SBY-DC', name: 'Surabaya Distribution Centre', address: null, latitude: -7.2575, longitude: 112.7521 },
  { id: 4, code: 'BDG-STORE-12', name: 'Bandung Store 12', address: 'Jl. Riau No. 12, Bandung', latitude: -6.9147, longitude: 107.6098 },
];

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), whole metres. */
export function distanceMetres(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a))));
}

interface RecordedCheckIn {
  id: number;
  user_id: number;
  location_code: string;
  scanned_at: string;
  checked_in_at: string;
  distance_m: number | null;
}

export function createAttendanceResource({ now = Date.now }: { now?: () => number } = {}): SandboxResource {
  const recorded: RecordedCheckIn[] = [];
  let nextId = 5001;
  return {
    name: 'attendance',
    routes: [
      operation('POST', '/attendance/qr-check-in', 'checkInAtLocation', async (context) => {
        const body = await context.body();
        // Codes are printed in capitals; a hand-typed lower-case one is the same place.
        const location = LOCATIONS.find((place) => place.code === body.location_code.toUpperCase());
        if (!location) return refuse(404, 'Location not found.');
        const position = typeof body.latitude === 'number' && typeof body.longitude === 'number' ? { latitude: body.latitude, longitude: body.longitude } : undefined;
        const checkIn: RecordedCheckIn = {
          id: nextId++,
          user_id: userIdFromRequest(context.request),
          location_code: location.code,
          scanned_at: body.scanned_at,
          checked_in_at: new Date(now()).toISOString(),
          distance_m: position ? distanceMetres(position, location) : null,
        };
        recorded.push(checkIn);
        return context.ok({
          check_in: {
            id: checkIn.id,
            location: { id: location.id, code: location.code, name: location.name, address: location.address },
            checked_in_at: checkIn.checked_in_at,
            distance_m: checkIn.distance_m,
          },
        });
      }),
      { method: 'GET', path: '/__sandbox/check-ins', handle: () => json({ check_ins: recorded }) },
    ],
  };
}

// The device's position for a check-in, only when the person ticked "Send my position" (the check-in
// works without it: the server decides what a position far from the place means). A refusal or a
// slow fix gives no position rather than holding the check-in up.

export interface Position {
  latitude: number;
  longitude: number;
  accuracy_m: number;
}

/** A fix within this long, or the check-in goes without one. */
const POSITION_TIMEOUT_MS = 8000;

export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position | undefined> {
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy_m: Math.max(0, coords.accuracy) }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

// Whether the app runs inside a native shell. Capacitor's bridge defines `window.Capacitor` before any
// app script runs, so reading it costs nothing — importing @capacitor/core to ask would put the
// native code into the PWA's first download.
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

export function isNativePlatform(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

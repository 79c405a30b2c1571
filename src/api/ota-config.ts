// Configuration of the over-the-air update service (SPEC §7): its own server, keys per native shell,
// and the code-signing public key. Read from the build's environment like config.ts, kept apart so the
// PWA's start never loads it.
const env = import.meta.env;

export interface OtaConfig {
  /** Undefined: no update server, over-the-air updates are off. */
  serverUrl: string | undefined;
  deploymentKeys: { android: string; ios: string };
  /** SPKI PEM that every update's signature is checked against; without it the update client does not run. */
  publicKey: string | undefined;
}

/** Accepts a PEM with real or `\n`-escaped line breaks (what fits in one environment variable). */
export function normalizePem(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/\\n/g, '\n').trim();
  return trimmed ? trimmed : undefined;
}

export const otaConfig: OtaConfig = {
  // No default: a native build without one has updates off (and says so); one that points at the local
  // update mock (`npm run mock:ota`, http://127.0.0.1:4020) must say so (scripts/lib/ota-build-guard.ts).
  serverUrl: env.VITE_OTA_SERVER_URL?.trim() || undefined,
  deploymentKeys: {
    android: env.VITE_OTA_DEPLOYMENT_KEY_ANDROID ?? '',
    ios: env.VITE_OTA_DEPLOYMENT_KEY_IOS ?? '',
  },
  publicKey: normalizePem(env.VITE_OTA_PUBLIC_KEY),
};

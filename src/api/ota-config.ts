// Configuration of the over-the-air update service (SPEC §7): its own server, keys per native shell,
// and the code-signing public key. Read from the build's environment like config.ts, kept apart so the
// PWA's start never loads it.
const env = import.meta.env;

export interface OtaConfig {
  serverUrl: string;
  deploymentKeys: { android: string; ios: string };
  /** SPKI PEM, or undefined when updates are not signed. */
  publicKey: string | undefined;
}

/** Accepts a PEM with real or `\n`-escaped line breaks (what fits in one environment variable). */
export function normalizePem(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/\\n/g, '\n').trim();
  return trimmed ? trimmed : undefined;
}

export const otaConfig: OtaConfig = {
  // Locally the update mock (`npm run mock:ota`) listens here.
  serverUrl: env.VITE_OTA_SERVER_URL ?? 'http://127.0.0.1:4020',
  deploymentKeys: {
    android: env.VITE_OTA_DEPLOYMENT_KEY_ANDROID ?? '',
    ios: env.VITE_OTA_DEPLOYMENT_KEY_IOS ?? '',
  },
  publicKey: normalizePem(env.VITE_OTA_PUBLIC_KEY),
};

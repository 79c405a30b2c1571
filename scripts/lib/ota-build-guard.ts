// Over-the-air updates fail closed at build time: a build for the native shells (`vite build --mode
// native`, what `npm run native:sync` and `npm run release:ota` run) fails when it would ship an update
// client that installs unverified code: an update server without the public key that checks every
// package, or one reached over plain http. Without an update server the build passes with a warning
// (the shells then never update over the air). The same rule runs again in the update client
// (src/features/updates/ota/ota-policy.ts), which refuses to sync on it.
import { createPublicKey } from 'node:crypto';
import { loadEnv, type Plugin } from 'vite';
import { isLoopbackHost, otaSetupProblems, type OtaSetupProblem } from '../../src/features/updates/ota/ota-policy.ts';

/** The build mode of the shells' bundle. */
export const NATIVE_MODE = 'native';
/** `1`: allow http to 127.0.0.1 / localhost (the local update mock) in a native build. Development only. */
export const OTA_ALLOW_INSECURE_DEV_ENV = 'OTA_ALLOW_INSECURE_DEV';
/** `1` (set by release:ota): the bundle is an update itself, so it must keep updates on. */
export const OTA_RELEASE_BUILD_ENV = 'OTA_RELEASE_BUILD';

export interface NativeOtaBuildCheck {
  errors: string[];
  warnings: string[];
}

const PROBLEMS: Record<Exclude<OtaSetupProblem, 'no-server'>, string> = {
  'bad-server-url': 'VITE_OTA_SERVER_URL is not a URL.',
  'insecure-server':
    'VITE_OTA_SERVER_URL must be https: (plain http to 127.0.0.1 or localhost only with OTA_ALLOW_INSECURE_DEV=1, for a development build).',
  'no-public-key':
    'VITE_OTA_PUBLIC_KEY is missing: without it the app would install any package whose hash the update server announces. Set it to the SPKI PEM of the key release:ota --sign uses.',
};

/** As src/api/ota-config.ts reads it: `\n` escapes allowed, so the PEM fits in one variable. */
const pemOf = (value: string | undefined) => value?.replace(/\\n/g, '\n').trim() || undefined;

function publicKeyProblem(pem: string): string | undefined {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'rsa') return undefined;
    return `VITE_OTA_PUBLIC_KEY is a ${String(key.asymmetricKeyType)} key; updates are signed RS256 (RSA).`;
  } catch (error) {
    return `VITE_OTA_PUBLIC_KEY is not a readable public key (SPKI PEM): ${(error as Error).message}`;
  }
}

/** What a native build with this environment (VITE_ and OTA_ variables) must refuse or warn about. */
export function checkNativeOtaBuild(env: Record<string, string | undefined>): NativeOtaBuildCheck {
  const serverUrl = env.VITE_OTA_SERVER_URL?.trim() || undefined;
  const publicKey = pemOf(env.VITE_OTA_PUBLIC_KEY);
  const allowLoopbackHttp = env[OTA_ALLOW_INSECURE_DEV_ENV] === '1';
  const problems = otaSetupProblems({ serverUrl, publicKey }, { allowLoopbackHttp });
  if (problems[0] === 'no-server') {
    const message = 'VITE_OTA_SERVER_URL is not set: over-the-air updates are off in this build.';
    if (env[OTA_RELEASE_BUILD_ENV] === '1') {
      return { errors: [`${message} A released bundle would switch them off on every device that installs it.`], warnings: [] };
    }
    return { errors: [], warnings: [message] };
  }
  const errors = problems.map((problem) => PROBLEMS[problem as Exclude<OtaSetupProblem, 'no-server'>]);
  if (publicKey && !problems.includes('no-public-key')) {
    const keyProblem = publicKeyProblem(publicKey);
    if (keyProblem) errors.push(keyProblem);
  }
  const warnings: string[] = [];
  if (serverUrl?.startsWith('http:') && allowLoopbackHttp && isLoopbackHost(new URL(serverUrl).hostname)) {
    warnings.push(`${OTA_ALLOW_INSECURE_DEV_ENV}=1: updates come over plain http from ${serverUrl}. A development build: never ship it.`);
  }
  if (!env.VITE_OTA_DEPLOYMENT_KEY_ANDROID && !env.VITE_OTA_DEPLOYMENT_KEY_IOS) {
    warnings.push('Neither VITE_OTA_DEPLOYMENT_KEY_ANDROID nor VITE_OTA_DEPLOYMENT_KEY_IOS is set: the update check will fail.');
  }
  return { errors, warnings };
}

export function otaBuildGuard(): Plugin {
  return {
    name: 'ess:ota-build-guard',
    apply: 'build',
    configResolved(config) {
      if (config.mode !== NATIVE_MODE) return;
      // config.env holds exactly the VITE_ values this build inlines; the OTA_ switches are build-only.
      const env = { ...loadEnv(config.mode, config.envDir, 'OTA_'), ...config.env };
      const { errors, warnings } = checkNativeOtaBuild(env);
      for (const warning of warnings) config.logger.warn(`[ota-build-guard] ${warning}`);
      if (errors.length) {
        throw new Error(`The native build is refused: over-the-air updates must fail closed.\n${errors.map((error) => `  - ${error}`).join('\n')}`);
      }
    },
  };
}

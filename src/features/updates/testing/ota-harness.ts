// One machine's whole update flow for tests: the local update server (port 0, stops by itself), the
// update client on its own OTA client, the web device, and a recorder for what the client logs.
// `launch()` is one start of the app: a new update client over the same device and stored state.
// As in a real native build, the app carries a public key and every release is signed with its
// private half, a newer bundle version each time (`privateKey: null` releases an unsigned one).
import { generateKeyPairSync } from 'node:crypto';
import { DEFAULT_DEPLOYMENTS } from '../../../../mocks/ota/releases.ts';
import { startOtaServer, type RunningOtaServer } from '../../../../mocks/ota/server.ts';
import { buildUpdatePackage, type UpdatePackageBuild } from '../../../../scripts/lib/ota-package.ts';
import { lazyValue } from '../../../api/lazy-value.ts';
import { createOtaClient } from '../../../api/ota-client.ts';
import { createOtaApi, type OtaApi } from '../api.ts';
import { createMemoryStateStore, type OtaStateStore } from '../ota/ota-state-store.ts';
import { createOtaUpdater, type OtaUpdater, type OtaUpdaterOptions } from '../ota/ota-updater.ts';
import type { UpdateLogger } from '../ota/update-messages.ts';
import { createWebUpdateDevice, type WebUpdateDevice, type WebUpdateDeviceOptions } from '../ota/web-update-device.ts';

export const STAGING_KEY = DEFAULT_DEPLOYMENTS.Staging;
export const APP_VERSION = '2.0.39';
/** The version of the bundle built into the test binary; the harness's releases count up from it. */
export const BUILTIN_BUNDLE_VERSION = '1.0.0';

const encoder = new TextEncoder();

/** A small web bundle whose index.html names its label, so a test can see which one is served. */
export function bundleFiles(label: string, extra: Record<string, string> = {}): Map<string, Uint8Array> {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>ESS ${label}</title><script type="module" src="/assets/app.js"></script>`,
    'assets/app.js': `console.log(${JSON.stringify(label)});`,
    'assets/i18n/en.json': '{"update":{"title":"Update available"}}',
    ...extra,
  };
  return new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]));
}

export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface RecordingLogger extends UpdateLogger {
  entries: { level: 'error' | 'warn' | 'info'; message: string }[];
  messages(level: 'error' | 'warn' | 'info'): string[];
}

export function recordingLogger(): RecordingLogger {
  const entries: RecordingLogger['entries'] = [];
  return {
    entries,
    error: (message) => void entries.push({ level: 'error', message }),
    warn: (message) => void entries.push({ level: 'warn', message }),
    info: (message) => void entries.push({ level: 'info', message }),
    messages: (level) => entries.filter((entry) => entry.level === level).map((entry) => entry.message),
  };
}

const sharedKeys = lazyValue(rsaKeyPair);
/** The harness's signing keys: one pair per test file (generating RSA keys takes a while). */
export function harnessKeys(): { privateKey: string; publicKey: string } {
  return sharedKeys.get();
}

export interface ReleaseOptions {
  label: string;
  mandatory?: boolean;
  description?: string;
  /** Signs with this key instead of the harness's; null publishes the package unsigned. */
  privateKey?: string | null;
  files?: Map<string, Uint8Array>;
  targetBinaryRange?: string;
  /** The signed bundle version; by default one more than the previous release's (1.0.1, 1.0.2…). */
  bundleVersion?: string;
  /** The signed label, when it should differ from the one published (a re-announced package). */
  signedLabel?: string;
  /** The signed binary range, when it should differ from the one published. */
  signedAppVersion?: string;
}

export interface OtaHarness {
  server: RunningOtaServer;
  device: WebUpdateDevice;
  store: OtaStateStore;
  log: RecordingLogger;
  /** The update API of the latest launch (its disabled flag is per launch). */
  api: OtaApi;
  launch(options?: Partial<OtaUpdaterOptions>): OtaUpdater;
  release(options: ReleaseOptions): Promise<UpdatePackageBuild>;
  stop(): Promise<void>;
}

export async function createOtaHarness(deviceOptions: WebUpdateDeviceOptions = {}): Promise<OtaHarness> {
  const server = await startOtaServer({ ttlSeconds: 120 });
  const client = createOtaClient(server.url);
  const device = createWebUpdateDevice({ appVersion: APP_VERSION, readyTimeoutMs: 300, clientUniqueId: 'device-1', builtinFiles: bundleFiles('builtin'), ...deviceOptions });
  const store = createMemoryStateStore();
  const log = recordingLogger();
  let releases = 0;
  const harness: OtaHarness = {
    server,
    device,
    store,
    log,
    api: createOtaApi({ client }),
    launch(options = {}) {
      harness.api = createOtaApi({ client });
      return createOtaUpdater({
        api: harness.api,
        device,
        store,
        deploymentKey: STAGING_KEY,
        serverUrl: server.url,
        publicKey: harnessKeys().publicKey,
        bundleVersion: BUILTIN_BUNDLE_VERSION,
        log,
        ...options,
      });
    },
    async release({ label, mandatory, description, privateKey, files, targetBinaryRange, bundleVersion, signedLabel, signedAppVersion }) {
      releases += 1;
      const key = privateKey === undefined ? harnessKeys().privateKey : privateKey;
      const signing = key === null ? undefined : {
        privateKey: key,
        label: signedLabel ?? label,
        appVersion: signedAppVersion ?? targetBinaryRange ?? '*',
        bundleVersion: bundleVersion ?? `1.0.${releases}`,
      };
      const built = await buildUpdatePackage(files ?? bundleFiles(label), signing);
      server.publish({ deploymentKey: STAGING_KEY, label, zip: built.zip, packageHash: built.packageHash, isMandatory: mandatory, description, targetBinaryRange });
      return built;
    },
    async stop() {
      device.dispose();
      await server.stop();
    },
  };
  return harness;
}

export const servedIndex = (device: WebUpdateDevice): string => new TextDecoder().decode(device.served().files.get('index.html'));

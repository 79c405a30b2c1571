// The over-the-air update client (SPEC §4 "Over-the-air update sync", §5, §7, §8), following the
// CodePush plugin's sync: check → (ask) → download → verify → store → install on the next restart, or
// at once when mandatory. A label that was rolled back is ignored from then on; one sync runs at a
// time. The first run of a new bundle must confirm it works (notifyAppReady) or the device rolls it
// back, which the next launch reports as DeploymentFailed.
// Fail closed (issue 19): no sync at all without an https update server and a public key; every
// package is signed, its signed label and binary range match the announcement, its signed bundle
// version is newer than the running bundle's, and it stays under the download and unpacked caps.
import { createListenerSet } from '../../../shared/events/listener-store.ts';
import { PackageTooLargeError, type DeployStatusReport, type DownloadProgress, type OtaApi } from '../api.ts';
import { isSecureUrl, OTA_LIMITS, otaSetupProblems, type OtaLimits, type OtaSetupProblem } from './ota-policy.ts';
import type { OtaState, OtaStateStore, PendingInstall } from './ota-state-store.ts';
import type { UpdateDevice } from './update-device.ts';
import { consoleLogger, UPDATE_MESSAGES, UpdateError, type UpdateLogger, type UpdateMessage } from './update-messages.ts';
import { toUpdatePackage, type UpdatePackage } from './update-package.ts';
import { verifyPackage } from './verify-package.ts';
import { compareVersions } from './versions.ts';

export type SyncStatus =
  | 'idle'
  | 'checking'
  | 'awaiting-user'
  | 'downloading'
  | 'installing'
  | 'installed'
  | 'up-to-date'
  | 'ignored'
  | 'error';

/** How a sync ended; `in-progress` when another sync was already running and this one did nothing. */
export type SyncResult = 'installed' | 'up-to-date' | 'ignored' | 'error' | 'in-progress';

export interface SyncState {
  status: SyncStatus;
  package?: UpdatePackage;
  progress?: DownloadProgress;
  /** What was logged when the status is `error`. */
  message?: string;
}

export interface OtaUpdaterOptions {
  api: OtaApi;
  device: UpdateDevice;
  store: OtaStateStore;
  deploymentKey: string | undefined;
  /** The update server the api talks to: https (or http to this device itself), else no sync runs. */
  serverUrl: string | undefined;
  /** SPKI PEM; without it no sync runs. */
  publicKey: string | undefined;
  /** The version of the bundle built into the binary (APP_VERSIONS.pwa): an update must be newer. */
  bundleVersion: string;
  limits?: Partial<OtaLimits>;
  /** Skip labels that were rolled back on this device (CodePush's default, SPEC §4). */
  ignoreFailedUpdates?: boolean;
  /** The update dialog (SPEC §9): resolves true to install. Without it updates install silently. */
  confirmUpdate?: (update: UpdatePackage) => Promise<boolean>;
  log?: UpdateLogger;
}

export interface OtaUpdater {
  sync(): Promise<SyncResult>;
  /** The running bundle works: confirms a first run (DeploymentSucceeded) and settles rollbacks. */
  notifyAppReady(): Promise<void>;
  /** The package running now, with isFirstRun; undefined while the binary's own bundle runs. */
  getCurrentPackage(): Promise<UpdatePackage | undefined>;
  getState(): SyncState;
  subscribe(listener: (state: SyncState) => void): () => void;
}

const unique = (values: string[]) => [...new Set(values)];

const SETUP_MESSAGES: Record<OtaSetupProblem, UpdateMessage> = {
  'no-server': UPDATE_MESSAGES.updatesOffNoServer,
  'bad-server-url': UPDATE_MESSAGES.updatesOffInsecureServer,
  'insecure-server': UPDATE_MESSAGES.updatesOffInsecureServer,
  'no-public-key': UPDATE_MESSAGES.updatesOffNoPublicKey,
};

/** The build refused plain http to a loopback host unless asked for; here it never leaves the device. */
const RUNTIME_URL_RULE = { allowLoopbackHttp: true };

function describeFailure(error: unknown, what: string): string {
  const body = (error as { body?: { error_message?: unknown } } | undefined)?.body;
  if (typeof body?.error_message === 'string' && body.error_message) return body.error_message;
  if (error instanceof Error && error.name === 'OtaCallsDisabledError') return error.message;
  const { kind, status } = (error ?? {}) as { kind?: string; status?: number };
  return `${what} failed${kind ? ` (${kind}${status ? ` ${status}` : ''})` : ''}.`;
}

export function createOtaUpdater(options: OtaUpdaterOptions): OtaUpdater {
  const { api, device, store, deploymentKey, serverUrl, publicKey } = options;
  const limits: OtaLimits = { ...OTA_LIMITS, ...options.limits };
  const log = options.log ?? consoleLogger;
  const ignoreFailedUpdates = options.ignoreFailedUpdates ?? true;
  const listeners = createListenerSet<[SyncState]>();
  let state: SyncState = { status: 'idle' };
  let running: Promise<SyncResult> | undefined;
  let reconciled: Promise<void> | undefined;

  const setState = (next: SyncState) => {
    state = next;
    listeners.emit(state);
  };

  const appVersionOrUndefined = () => device.getAppVersion().catch(() => undefined);

  async function report(status: DeployStatusReport['status'], pending: PendingInstall): Promise<void> {
    try {
      await api.reportDeployStatus({
        app_version: (await appVersionOrUndefined()) ?? pending.package.appVersion,
        deployment_key: pending.package.deploymentKey,
        client_unique_id: await device.getClientUniqueId(),
        label: pending.package.label,
        status,
        previous_label_or_app_version: pending.previousLabelOrAppVersion,
        previous_deployment_key: pending.previousDeploymentKey,
      });
    } catch (error) {
      log.warn(describeFailure(error, `The ${status} report for ${pending.package.label}`)); // A lost report never blocks an update.
    }
  }

  /** Once per launch: drop packages of an older binary, and report an install that was rolled back. */
  function reconcile(): Promise<void> {
    reconciled ??= (async () => {
      const saved = store.read();
      const appVersion = await appVersionOrUndefined();
      const installedOn = saved.pending?.package.appVersion ?? saved.current?.appVersion;
      // A new binary from the store starts on its own bundle (Capgo's resetWhenUpdate does the same natively).
      if (appVersion && installedOn && installedOn !== appVersion) {
        store.write({ failedLabels: [] });
        return;
      }
      const pending = saved.pending;
      if (!pending) return;
      const label = pending.package.label;
      if ((await device.getCurrentBundle()) === label) return; // Its first run: waiting for notifyAppReady.
      const status = await device.getBundleStatus(label);
      if (status === 'pending') return; // Installed for the next restart, which has not come yet.
      const rolledBack = status === 'error';
      // After a rollback an older bundle runs again: what was not newer than the failed one may be now.
      store.write({ ...saved, pending: undefined, failedLabels: rolledBack ? unique([...saved.failedLabels, label]) : saved.failedLabels, staleLabels: rolledBack ? [] : saved.staleLabels });
      if (status === 'error') {
        log.warn(`The update ${label} did not confirm it works within 10 s and was rolled back.`);
        await report('DeploymentFailed', pending);
        await device.discardBundle(label).catch((error: unknown) => log.warn(`Could not free the rolled-back bundle ${label}: ${String(error)}`));
      }
    })();
    return reconciled;
  }

  async function runningPackage(saved: OtaState): Promise<UpdatePackage | undefined> {
    const label = await device.getCurrentBundle();
    if (label === undefined) return undefined;
    if (saved.pending?.package.label === label) return { ...saved.pending.package, isFirstRun: true };
    if (saved.current?.label === label) return { ...saved.current, isFirstRun: false };
    return undefined;
  }

  function fail(message: string, update?: UpdatePackage, level: 'error' | 'warn' = 'error'): SyncResult {
    log[level](message);
    setState({ status: 'error', message, package: update });
    return 'error';
  }

  function settle(status: 'up-to-date' | 'ignored', update?: UpdatePackage): SyncResult {
    setState({ status, package: update });
    return status;
  }

  async function runSync(): Promise<SyncResult> {
    setState({ status: 'checking' });
    // Before anything reaches the network: no server is a choice (a warning), the rest misconfigurations.
    const [problem] = otaSetupProblems({ serverUrl, publicKey }, RUNTIME_URL_RULE);
    if (problem) return fail(SETUP_MESSAGES[problem], undefined, problem === 'no-server' ? 'warn' : 'error');
    const verifyingKey = publicKey!; // otaSetupProblems refuses a setup without one.
    await reconcile();
    let appVersion: string;
    try {
      appVersion = await device.getAppVersion();
    } catch {
      return fail(UPDATE_MESSAGES.noAppVersion);
    }
    if (!deploymentKey) return fail(UPDATE_MESSAGES.noDeploymentKey);

    const saved = store.read();
    const current = await runningPackage(saved);
    const clientUniqueId = await device.getClientUniqueId();
    let info;
    try {
      info = await api.checkForUpdate({ deploymentKey, appVersion, clientUniqueId, packageHash: current?.packageHash, label: current?.label });
    } catch (error) {
      return fail(describeFailure(error, 'The update check'));
    }
    if (!info.is_available) return settle('up-to-date');
    if (info.update_app_version) {
      log.info('An update is available, but it is targeting a newer binary version than you are currently running.');
      return settle('up-to-date');
    }
    const update = toUpdatePackage(info, { deploymentKey, appVersion, failedLabels: saved.failedLabels });
    if (!update) return fail('The update check announced an update without a label, hash or download URL.');
    if (update.packageHash === current?.packageHash) return settle('up-to-date');
    if (update.failedInstall && ignoreFailedUpdates) {
      log.info(`The update ${update.label} was rolled back on this device before and is ignored.`);
      return settle('ignored', update);
    }
    if (saved.staleLabels?.includes(update.label)) {
      log.info(`The update ${update.label} is not newer than the running bundle and is ignored.`);
      return settle('ignored', update);
    }
    if (!isSecureUrl(update.downloadUrl, RUNTIME_URL_RULE)) return fail(UPDATE_MESSAGES.insecureDownload, update);
    // The announced size is checked before asking (and before a byte is downloaded); the bytes themselves while downloading.
    if (update.packageSize > limits.maxDownloadBytes) return fail(UPDATE_MESSAGES.packageTooLarge, update);
    if (options.confirmUpdate) {
      setState({ status: 'awaiting-user', package: update });
      if (!(await options.confirmUpdate(update))) return settle('ignored', update);
    }

    setState({ status: 'downloading', package: update, progress: { receivedBytes: 0, totalBytes: update.packageSize } });
    let zip: Uint8Array;
    try {
      zip = await api.downloadPackage(update.downloadUrl, {
        expectedSize: update.packageSize,
        maxBytes: limits.maxDownloadBytes,
        onProgress: (progress) => setState({ status: 'downloading', package: update, progress }),
      });
    } catch (error) {
      if (error instanceof PackageTooLargeError) {
        log.warn(error.message);
        return fail(UPDATE_MESSAGES.packageTooLarge, update);
      }
      return fail(describeFailure(error, `The download of ${update.label}`), update);
    }
    await api
      .reportDownload({ client_unique_id: clientUniqueId, deployment_key: deploymentKey, label: update.label })
      .catch((error: unknown) => log.warn(describeFailure(error, `The download report for ${update.label}`)));

    setState({ status: 'installing', package: update });
    const install: PendingInstall = {
      package: update,
      previousLabelOrAppVersion: current?.label ?? appVersion,
      previousDeploymentKey: current?.deploymentKey ?? deploymentKey,
    };
    // What runs now: an installed update's signed version, else the binary's own bundle's.
    const runningVersion = current?.bundleVersion ?? options.bundleVersion;
    try {
      const verified = await verifyPackage(zip, {
        expected: { packageHash: update.packageHash, label: update.label, binaryVersion: appVersion },
        publicKey: verifyingKey,
        maxUnpackedBytes: limits.maxUnpackedBytes,
        log,
      });
      const { bundleVersion } = verified.claims;
      if (compareVersions(bundleVersion, runningVersion) <= 0) {
        // A genuine but older (or the same) release offered again: remembered, so it is not downloaded on every check.
        log.warn(`The update ${update.label} is bundle version ${bundleVersion}; the running bundle is ${runningVersion}.`);
        const latest = store.read();
        store.write({ ...latest, staleLabels: unique([...(latest.staleLabels ?? []), update.label]) });
        throw new UpdateError(UPDATE_MESSAGES.notNewer);
      }
      install.package = { ...update, bundleVersion };
      await device.storeBundle({ label: update.label, downloadUrl: update.downloadUrl, zip, zipSha256: verified.zipSha256, files: verified.files });
    } catch (error) {
      // Refused or not stored: nothing is installed, and the server learns the deployment failed.
      await report('DeploymentFailed', install);
      return fail(error instanceof UpdateError ? error.message : `The update ${update.label} could not be stored: ${String(error)}`, install.package);
    }
    store.write({ ...store.read(), pending: install });
    setState({ status: 'installed', package: install.package });
    // SPEC §4: on the next restart by default, at once for a mandatory update (this context then ends on native).
    if (update.isMandatory) await device.applyBundleNow(update.label);
    else await device.setNextBundle(update.label);
    return 'installed';
  }

  return {
    sync() {
      if (running) {
        log.info('A sync is already in progress.');
        return Promise.resolve('in-progress');
      }
      running = runSync()
        .catch((error: unknown) => fail(`The update sync failed: ${String(error)}`))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    async notifyAppReady() {
      await device.notifyReady();
      await reconcile();
      const saved = store.read();
      const pending = saved.pending;
      if (!pending || (await device.getCurrentBundle()) !== pending.package.label) return;
      store.write({ ...saved, current: pending.package, pending: undefined });
      await report('DeploymentSucceeded', pending);
    },
    getCurrentPackage: async () => runningPackage(store.read()),
    getState: () => state,
    subscribe: listeners.subscribe,
  };
}

// The device side on the native shells: Capgo's updater (@capgo/capacitor-updater 8.x) in manual mode.
// Our update client decides what to install; Capgo only stores bundles, switches the served one, and
// rolls back a bundle that does not call notifyAppReady() within appReadyTimeout (10 s,
// capacitor.config.ts). It fetches the zip itself, so it is given the SHA-256 of the zip our client
// verified: bytes that differ from the verified ones are refused natively.
import { App } from '@capacitor/app';
import { CapacitorUpdater, type BundleInfo } from '@capgo/capacitor-updater';
import type { BundleStatus, UpdateDevice } from '../ota/update-device.ts';

const BUILTIN = 'builtin';

function toStatus(bundle: BundleInfo | undefined): BundleStatus {
  switch (bundle?.status) {
    case 'success':
      return 'success';
    case 'error':
      return 'error';
    case 'pending':
    case 'downloading':
      return 'pending';
    default:
      return 'missing';
  }
}

async function findBundle(label: string): Promise<BundleInfo | undefined> {
  const { bundles } = await CapacitorUpdater.list();
  // Capgo names bundles by id; our label is its `version`.
  return bundles.filter((bundle) => bundle.version === label).at(-1);
}

async function requireBundleId(label: string): Promise<string> {
  const bundle = await findBundle(label);
  if (!bundle) throw new Error(`Bundle ${label} is not stored on this device`);
  return bundle.id;
}

export function createCapacitorUpdateDevice(): UpdateDevice {
  return {
    kind: 'capacitor',
    getAppVersion: async () => (await App.getInfo()).version,
    getClientUniqueId: async () => (await CapacitorUpdater.getDeviceId()).deviceId,
    getCurrentBundle: async () => {
      const { bundle } = await CapacitorUpdater.current();
      return bundle.id === BUILTIN ? undefined : bundle.version;
    },
    getBundleStatus: async (label) => toStatus(await findBundle(label)),
    storeBundle: async ({ label, downloadUrl, zipSha256 }) => {
      await CapacitorUpdater.download({ url: downloadUrl, version: label, checksum: zipSha256 });
    },
    setNextBundle: async (label) => {
      await CapacitorUpdater.next({ id: await requireBundleId(label) });
      // "On next restart" (SPEC §4): only a cold start applies it, not Capgo's default of any backgrounding.
      await CapacitorUpdater.setMultiDelay({ delayConditions: [{ kind: 'kill' }] });
    },
    applyBundleNow: async (label) => {
      await CapacitorUpdater.set({ id: await requireBundleId(label) });
    },
    notifyReady: async () => {
      await CapacitorUpdater.notifyAppReady();
    },
    discardBundle: async (label) => {
      const bundle = await findBundle(label);
      if (bundle) await CapacitorUpdater.delete({ id: bundle.id });
    },
  };
}

// The device side of over-the-air updates, behind one interface: storing bundles, switching the
// served bundle, restarting and confirming a bundle works. The Capacitor shells implement it with
// Capgo's updater in manual mode (native/capacitor-update-device.ts); tests with the web device
// (web-update-device.ts). The update client above it never knows which one it drives.
import type { BundleFiles } from './package-hash.ts';

/** A bundle the device keeps: waiting for its first run, confirmed, or failed (rolled back). */
export type BundleStatus = 'pending' | 'success' | 'error' | 'missing';

export interface BundleToStore {
  label: string;
  downloadUrl: string;
  /** The verified zip and its SHA-256: a device that fetches the zip itself must get these bytes. */
  zip: Uint8Array;
  zipSha256: string;
  files: BundleFiles;
}

export interface UpdateDevice {
  readonly kind: 'web' | 'capacitor';
  /** The native binary's version (what the update check calls app_version). */
  getAppVersion(): Promise<string>;
  getClientUniqueId(): Promise<string>;
  /** The label of the bundle served now; undefined while the binary's own bundle runs. */
  getCurrentBundle(): Promise<string | undefined>;
  getBundleStatus(label: string): Promise<BundleStatus>;
  storeBundle(bundle: BundleToStore): Promise<void>;
  /** Serve this bundle from the next restart (a cold start, not a resume). */
  setNextBundle(label: string): Promise<void>;
  /** Serve this bundle now: the app reloads (on native this JavaScript context ends). */
  applyBundleNow(label: string): Promise<void>;
  /** The running bundle works; without this within 10 s of its first start it is rolled back. */
  notifyReady(): Promise<void>;
  /** Frees a rolled-back bundle once its failure has been recorded (kept until then to tell it from "never installed"). */
  discardBundle(label: string): Promise<void>;
}

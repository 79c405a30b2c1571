// What the app does only inside the Android and iOS shells, started once per JavaScript context:
// the status bar (SPEC §9), the hardware back button (SPEC §2), and over-the-air updates (SPEC §4)
// with the update client on Capgo's bundle switcher. Loaded by a dynamic import behind a platform
// check, so none of it is in the PWA's download.
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { StatusBar, Style } from '@capacitor/status-bar';
import { lazyValue } from '../../../api/lazy-value.ts';
import { otaConfig } from '../../../api/ota-config.ts';
import { APP_VERSIONS } from '../../../api/platform-headers.ts';
import { createOtaApi } from '../api.ts';
import { createLocalStorageStateStore } from '../ota/ota-state-store.ts';
import { createOtaUpdater, type OtaUpdater } from '../ota/ota-updater.ts';
import { consoleLogger } from '../ota/update-messages.ts';
import type { UpdatePackage } from '../ota/update-package.ts';
import { APP_BACK_PRIORITY, appBackAction, createBackButtonRouter, type BackButtonRouter } from './back-button.ts';
import { createCapacitorUpdateDevice } from './capacitor-update-device.ts';

export const STATUS_BAR_COLOR = '#4819e3';

export type UpdateDialog = (update: UpdatePackage) => Promise<boolean>;

export interface NativeShell {
  updater: OtaUpdater;
  backButton: BackButtonRouter;
  /** The update dialog of SPEC §9, mounted by React; while none is, updates install without asking. */
  setUpdateDialog(dialog: UpdateDialog | undefined): void;
}

async function styleStatusBar(): Promise<void> {
  await StatusBar.setStyle({ style: Style.Dark });
  // iOS has no bar colour of its own (the page shows through); Android 15+ draws edge to edge and ignores it.
  if (Capacitor.getPlatform() === 'android') await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
}

async function boot(): Promise<NativeShell> {
  void styleStatusBar().catch((error: unknown) => consoleLogger.warn(`Status bar: ${String(error)}`));

  const backButton = createBackButtonRouter();
  backButton.register(APP_BACK_PRIORITY, () => {
    if (appBackAction(window.location.pathname) === 'back') window.history.back();
    else void App.exitApp();
  });
  // With a listener registered Capacitor leaves every back press to us.
  void App.addListener('backButton', () => backButton.handle());

  let dialog: UpdateDialog | undefined;
  const platform = Capacitor.getPlatform() === 'ios' ? 'ios' : 'android';
  const updater = createOtaUpdater({
    api: createOtaApi(),
    device: createCapacitorUpdateDevice(),
    store: createLocalStorageStateStore(),
    deploymentKey: otaConfig.deploymentKeys[platform] || undefined,
    serverUrl: otaConfig.serverUrl,
    publicKey: otaConfig.publicKey,
    bundleVersion: APP_VERSIONS.pwa,
    confirmUpdate: (update) => (dialog ? dialog(update) : Promise.resolve(true)),
  });
  // SPEC §7: the shell checks at start (the host runs the first sync) and on every resume.
  void App.addListener('resume', () => void updater.sync());
  return {
    updater,
    backButton,
    setUpdateDialog: (next) => {
      dialog = next;
    },
  };
}

/** Booted once per JavaScript context, on the first start. */
const started = lazyValue(boot);

export function startNativeShell(): Promise<NativeShell> {
  return started.get();
}

/// <reference types="@capacitor/status-bar" />
/// <reference types="@capgo/capacitor-updater" />
// The native Android and iOS shells (Capacitor 8) around the same web build as the PWA. Both projects
// live under native/ so the repository's top level stays the one ARCHITECTURE.md fixes.
import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  // Assumed: the spec does not give the store identifiers.
  appId: 'com.company.essworkplace',
  appName: 'ESS Workplace',
  webDir: 'dist',
  android: { path: 'native/android' },
  ios: { path: 'native/ios' },
  plugins: {
    // SPEC §9: status bar #4819e3 with the dark style (light text). Also set at run time
    // (src/features/updates/native/native-shell.ts), since Android 15+ ignores the configured colour.
    StatusBar: { backgroundColor: '#4819e3', style: 'DARK', overlaysWebView: false },
    // The device-side bundle switcher in manual mode: our update client (src/features/updates/ota/)
    // talks the CodePush protocol to our own update server and only asks this plugin to store,
    // switch and roll back bundles. The empty URLs keep it from ever calling Capgo's cloud.
    CapacitorUpdater: {
      autoUpdate: false,
      updateUrl: '',
      statsUrl: '',
      channelUrl: '',
      allowModifyUrl: false,
      // An installed bundle that does not call notifyAppReady() within 10 s is rolled back.
      appReadyTimeout: 10_000,
      // Our client deletes a rolled-back bundle itself once it has reported it: until then its `error`
      // status is how the next launch tells "rolled back" from "never installed".
      autoDeleteFailed: false,
      autoDeletePrevious: true,
      // A new binary from the store starts on its own web assets, not on an older downloaded bundle.
      resetWhenUpdate: true,
    },
  },
};

export default config;

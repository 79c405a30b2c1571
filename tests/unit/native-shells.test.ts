// The native shells' fixed facts (SPEC §1, §9): the versions each binary reports, the status bar, and
// Capgo's updater in manual mode with the 10 s ready timeout and no call to Capgo's cloud.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from '../../capacitor.config.ts';
import { APP_VERSIONS } from '../../src/api/platform-headers.ts';
import { isNativePlatform } from '../../src/shared/platform/native-platform.ts';

const read = (path: string) => readFileSync(path, 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the native shells', () => {
  it('live under native/ and build from the PWA’s dist', () => {
    expect(config).toMatchObject({ webDir: 'dist', android: { path: 'native/android' }, ios: { path: 'native/ios' } });
  });

  it('report Android 2.0.39 and iOS 2.0.37, the versions the API headers announce', () => {
    expect(APP_VERSIONS).toMatchObject({ android: '2.0.39', ios: '2.0.37' });
    const gradle = read('native/android/app/build.gradle');
    expect(gradle).toMatch(/versionName "2\.0\.39"/);
    expect(gradle).toMatch(/versionCode 20039\b/);
    const xcode = read('native/ios/App/App.xcodeproj/project.pbxproj');
    expect(xcode.match(/MARKETING_VERSION = [^;]+;/g)).toEqual(['MARKETING_VERSION = 2.0.37;', 'MARKETING_VERSION = 2.0.37;']);
  });

  it('colour the status bar #4819e3 with the dark style', () => {
    expect(config.plugins?.StatusBar).toMatchObject({ backgroundColor: '#4819e3', style: 'DARK' });
    expect(read('native/android/app/src/main/res/values/styles.xml')).toContain('<item name="android:statusBarColor">#4819e3</item>');
  });

  it('use Capgo’s updater in manual mode only: our client decides, it never calls Capgo’s cloud', () => {
    expect(config.plugins?.CapacitorUpdater).toMatchObject({ autoUpdate: false, appReadyTimeout: 10_000, autoDeleteFailed: false, updateUrl: '', statsUrl: '', channelUrl: '' });
  });

  it('Android keeps the app’s data (the WebView’s token, chat outbox and drafts) out of backups and device transfers', () => {
    const manifest = read('native/android/app/src/main/AndroidManifest.xml');
    const application = /<application\b[^>]*>/.exec(manifest)?.[0] ?? '';
    // Android 11 and earlier: no backup of any kind (cloud, adb, device to device).
    expect(application).toContain('android:allowBackup="false"');
    // Android 12 and later: allowBackup covers cloud backups only; the rules exclude every domain from both.
    expect(application).toContain('android:dataExtractionRules="@xml/data_extraction_rules"');
    const rules = read('native/android/app/src/main/res/xml/data_extraction_rules.xml').replace(/<!--[\s\S]*?-->/g, '');
    for (const section of ['cloud-backup', 'device-transfer']) {
      const body = new RegExp(`<${section}>([\\s\\S]*?)</${section}>`).exec(rules)?.[1] ?? '';
      expect(body, section).not.toMatch(/<include\b/);
      for (const domain of ['root', 'file', 'database', 'sharedpref', 'external', 'device_root']) {
        expect(body, `${section} ${domain}`).toContain(`<exclude domain="${domain}" path="." />`);
      }
    }
  });

  it('the iOS project uses Swift Package Manager, so syncing needs no CocoaPods', () => {
    expect(read('native/ios/App/CapApp-SPM/Package.swift')).toContain('CapgoCapacitorUpdater');
  });
});

describe('isNativePlatform', () => {
  it('is false in a browser and true inside a Capacitor shell', () => {
    expect(isNativePlatform()).toBe(false);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => false });
    expect(isNativePlatform()).toBe(false);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    expect(isNativePlatform()).toBe(true);
  });
});

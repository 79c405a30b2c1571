// `npm run release:ota -- --label <label> --sign <private key> [--mandatory]`: builds the web bundle for
// the shells (`vite build --mode native`, which the OTA build guard checks), zips it, computes the
// CodePush package hash, signs it with the release's label, binary range and bundle version, and
// publishes it to the update server. The app installs only signed updates, so --sign is required.
//   [--description <text>] [--target-binary-range <range>] [--bundle-version <version>] [--server <url>]
//   [--deployment-key <key>] [--dist <dir>] [--skip-build] [--out <file.zip>]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DEPLOYMENTS } from '../mocks/ota/releases.ts';
import { APP_VERSIONS } from '../src/api/platform-headers.ts';
import { OTA_LIMITS } from '../src/features/updates/ota/ota-policy.ts';
import { isDottedVersion } from '../src/features/updates/ota/versions.ts';
import { OTA_RELEASE_BUILD_ENV } from './lib/ota-build-guard.ts';
import { buildUpdatePackage, publishUpdatePackage, readBundle } from './lib/ota-package.ts';

const USAGE = `usage: npm run release:ota -- --label <label> --sign <private key PEM> [--mandatory] [--description <text>]
  [--target-binary-range <range>] [--bundle-version <version>] [--server <url>] [--deployment-key <key>]
  [--dist <dir>] [--skip-build] [--out <file.zip>]`;

/** Both shells are 2.0.x today (Android 2.0.39, iOS 2.0.37): a bundle built now fits both binaries. */
function defaultBinaryRange(): string {
  const [androidMajor, androidMinor] = APP_VERSIONS.android.split('.');
  const [iosMajor, iosMinor] = APP_VERSIONS.ios.split('.');
  return androidMajor === iosMajor && androidMinor === iosMinor ? `${androidMajor}.${androidMinor}.x` : '*';
}

function options() {
  const { values } = parseArgs({
    options: {
      label: { type: 'string' },
      mandatory: { type: 'boolean', default: false },
      sign: { type: 'string' },
      description: { type: 'string', default: '' },
      'target-binary-range': { type: 'string', default: defaultBinaryRange() },
      // The web bundle's version (the pwa-version the app sends): a device installs only a newer one than it runs.
      'bundle-version': { type: 'string', default: APP_VERSIONS.pwa },
      server: { type: 'string', default: process.env.OTA_SERVER_URL ?? 'http://127.0.0.1:4020' },
      'deployment-key': { type: 'string', default: process.env.OTA_DEPLOYMENT_KEY ?? DEFAULT_DEPLOYMENTS.Staging },
      dist: { type: 'string', default: 'dist' },
      'skip-build': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.label) {
    console.error(`release:ota: --label is required\n${USAGE}`);
    process.exit(2);
  }
  if (!values.sign) {
    console.error(`release:ota: --sign <private key PEM> is required: the app installs only signed updates\n${USAGE}`);
    process.exit(2);
  }
  if (!isDottedVersion(values['bundle-version'])) {
    console.error(`release:ota: --bundle-version must be dotted numbers (as 2.2.031), not ${values['bundle-version']}`);
    process.exit(2);
  }
  return { ...values, label: values.label, sign: values.sign, bundleVersion: values['bundle-version'] };
}

async function main(): Promise<void> {
  const args = options();
  const dist = resolve(args.dist);
  if (!args['skip-build']) {
    console.log(`release:ota: building the web bundle for the shells into ${dist}`);
    const vite = resolve('node_modules/vite/bin/vite.js');
    // A released bundle must keep updates on: the guard also refuses a build without an update server.
    const build = spawnSync(process.execPath, [vite, 'build', '--mode', 'native', '--outDir', dist, '--emptyOutDir'], {
      stdio: 'inherit',
      env: { ...process.env, [OTA_RELEASE_BUILD_ENV]: '1' },
    });
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
  }
  const privateKey = readFileSync(resolve(args.sign), 'utf8');
  const built = await buildUpdatePackage(readBundle(dist), {
    privateKey,
    label: args.label,
    appVersion: args['target-binary-range'],
    bundleVersion: args.bundleVersion,
  });
  // Devices refuse a package above the caps (ota-policy.ts): better to learn it here than from their logs.
  const unpacked = [...built.files.values()].reduce((total, contents) => total + contents.byteLength, 0);
  if (built.zip.byteLength > OTA_LIMITS.maxDownloadBytes || unpacked > OTA_LIMITS.maxUnpackedBytes) {
    throw new Error(`the package (${built.zip.byteLength} bytes zipped, ${unpacked} unpacked) exceeds what devices accept (${OTA_LIMITS.maxDownloadBytes} and ${OTA_LIMITS.maxUnpackedBytes})`);
  }
  if (args.out) writeFileSync(resolve(args.out), built.zip);
  const release = await publishUpdatePackage(built, {
    server: args.server,
    deploymentKey: args['deployment-key'],
    label: args.label,
    mandatory: args.mandatory,
    description: args.description,
    targetBinaryRange: args['target-binary-range'],
  });
  console.log(
    [
      `release:ota: published ${release.label} to ${release.deployment} on ${args.server}`,
      `  files ${built.files.size}, zip ${built.zip.byteLength} bytes, signed, bundle version ${args.bundleVersion}${release.isMandatory ? ', mandatory' : ''}`,
      `  package hash ${release.packageHash}`,
      `  target binary range ${release.targetBinaryRange}`,
      `  download ${release.download_url}`,
    ].join('\n'),
  );
}

try {
  await main();
} catch (error) {
  console.error(`release:ota failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

// `npm run release:ota -- --label <label> [--mandatory] [--sign <private key>]`: builds the web bundle,
// zips it, computes the CodePush package hash, signs it, and publishes it to the update server.
//   [--description <text>] [--target-binary-range <range>] [--server <url>] [--deployment-key <key>]
//   [--dist <dir>] [--skip-build] [--out <file.zip>]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DEPLOYMENTS } from '../mocks/ota/releases.ts';
import { APP_VERSIONS } from '../src/api/platform-headers.ts';
import { buildUpdatePackage, publishUpdatePackage, readBundle } from './lib/ota-package.ts';

const USAGE = `usage: npm run release:ota -- --label <label> [--mandatory] [--sign <private key PEM>] [--description <text>]
  [--target-binary-range <range>] [--server <url>] [--deployment-key <key>] [--dist <dir>] [--skip-build] [--out <file.zip>]`;

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
  return { ...values, label: values.label };
}

async function main(): Promise<void> {
  const args = options();
  const dist = resolve(args.dist);
  if (!args['skip-build']) {
    console.log(`release:ota: building the web bundle into ${dist}`);
    const vite = resolve('node_modules/vite/bin/vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
  }
  const privateKey = args.sign ? readFileSync(resolve(args.sign), 'utf8') : undefined;
  const built = await buildUpdatePackage(readBundle(dist), privateKey);
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
      `  files ${built.files.size}, zip ${built.zip.byteLength} bytes, ${built.signed ? 'signed' : 'not signed'}${release.isMandatory ? ', mandatory' : ''}`,
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

// The local update server keeps the contract: `contract:check --ota-target` replays the three OTA
// operations' examples through Prism's validating proxy against it, once with nothing released and
// once with a release waiting (so the full update_info is checked too).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEPLOYMENTS } from '../../mocks/ota/releases.ts';
import { startOtaServer, type RunningOtaServer } from '../../mocks/ota/server.ts';
import { buildUpdatePackage } from '../../scripts/lib/ota-package.ts';

const NODE = existsSync(resolve('node_modules/.bin/node')) ? resolve('node_modules/.bin/node') : process.execPath;
const OTA_OPERATIONS = 'checkForUpdate,reportDeployStatus,reportDownload';

function contractCheck(otaTarget: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(NODE, ['scripts/contract-check.ts', '--target', otaTarget, '--ota-target', otaTarget, '--only', OTA_OPERATIONS], { timeout: 50_000 }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: stdout + stderr }),
    );
  });
}

let server: RunningOtaServer;
beforeAll(async () => {
  server = await startOtaServer({ ttlSeconds: 120 });
});
afterAll(async () => {
  await server.stop();
});

describe('contract:check --ota-target <local update server>', () => {
  it('finds the three operations conforming with nothing released', async () => {
    const run = await contractCheck(server.url);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/✔ checkForUpdate GET \/v0\.1\/public\/codepush\/update_check 200 conforms/);
    expect(run.output).toMatch(/✔ reportDeployStatus POST \/v0\.1\/public\/codepush\/report_status\/deploy 200 conforms/);
    expect(run.output).toMatch(/✔ reportDownload POST \/v0\.1\/public\/codepush\/report_status\/download 200 conforms/);
    expect(run.output).toMatch(/^3 conform, 0 violate, 0 skipped/m);
    expect(server.reports.deploy).toMatchObject([{ label: 'v42', status: 'DeploymentSucceeded' }]);
    expect(server.reports.download).toMatchObject([{ label: 'v42' }]);
  });

  it('finds the update check conforming when it offers a release', async () => {
    const built = await buildUpdatePackage(new Map([['index.html', new TextEncoder().encode('<!doctype html>')]]));
    server.publish({ deploymentKey: DEFAULT_DEPLOYMENTS.Production, label: 'v43', zip: built.zip, packageHash: built.packageHash, isMandatory: true, description: 'Security fix.', targetBinaryRange: '2.0.x' });
    const run = await contractCheck(server.url);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/^3 conform, 0 violate, 0 skipped/m);
    expect(server.checks.at(-1)).toMatchObject({ deployment_key: DEFAULT_DEPLOYMENTS.Production, app_version: '2.0.39' });
  });
});

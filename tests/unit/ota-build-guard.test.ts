// A build for the native shells fails when it would ship an update client that installs unverified
// code: an update server without the public key, or reached over plain http (issue 19). Checked on
// the rule itself, through Vite's build with the plugin, and through the project's own vite.config.ts.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createLogger, type Logger } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkNativeOtaBuild, NATIVE_MODE, otaBuildGuard } from '../../scripts/lib/ota-build-guard.ts';

const rsaPublicKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const ecPublicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const good = {
  VITE_OTA_SERVER_URL: 'https://updates.example.com',
  VITE_OTA_PUBLIC_KEY: rsaPublicKey.replace(/\n/g, '\\n'), // one line, as in a CI variable
  VITE_OTA_DEPLOYMENT_KEY_ANDROID: 'dK3y-android',
  VITE_OTA_DEPLOYMENT_KEY_IOS: 'dK3y-ios',
};

describe('the native build rule', () => {
  it('passes an https update server with the public key', () => {
    expect(checkNativeOtaBuild(good)).toEqual({ errors: [], warnings: [] });
  });

  it('refuses an update server without the public key', () => {
    expect(checkNativeOtaBuild({ ...good, VITE_OTA_PUBLIC_KEY: undefined }).errors).toEqual([expect.stringMatching(/^VITE_OTA_PUBLIC_KEY is missing/)]);
    expect(checkNativeOtaBuild({ ...good, VITE_OTA_PUBLIC_KEY: '  ' }).errors).toEqual([expect.stringMatching(/^VITE_OTA_PUBLIC_KEY is missing/)]);
  });

  it('refuses a public key that is not an RSA public key', () => {
    expect(checkNativeOtaBuild({ ...good, VITE_OTA_PUBLIC_KEY: ecPublicKey }).errors).toEqual(['VITE_OTA_PUBLIC_KEY is a ec key; updates are signed RS256 (RSA).']);
    const garbled = '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----';
    expect(checkNativeOtaBuild({ ...good, VITE_OTA_PUBLIC_KEY: garbled }).errors).toEqual([expect.stringMatching(/^VITE_OTA_PUBLIC_KEY is not a readable public key/)]);
  });

  it.each(['http://updates.example.com', 'http://10.0.2.2:4020', 'ftp://updates.example.com', 'updates.example.com'])('refuses the update server %s', (url) => {
    const { errors } = checkNativeOtaBuild({ ...good, VITE_OTA_SERVER_URL: url, OTA_ALLOW_INSECURE_DEV: '1' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^VITE_OTA_SERVER_URL (must be https:|is not a URL)/);
  });

  it('allows http to this machine only with OTA_ALLOW_INSECURE_DEV=1, and warns', () => {
    const local = { ...good, VITE_OTA_SERVER_URL: 'http://127.0.0.1:4020' };
    expect(checkNativeOtaBuild(local).errors).toEqual([expect.stringMatching(/^VITE_OTA_SERVER_URL must be https:/)]);
    expect(checkNativeOtaBuild({ ...local, OTA_ALLOW_INSECURE_DEV: '1' })).toEqual({
      errors: [],
      warnings: ['OTA_ALLOW_INSECURE_DEV=1: updates come over plain http from http://127.0.0.1:4020. A development build: never ship it.'],
    });
    // The opt-in never excuses a missing key.
    expect(checkNativeOtaBuild({ ...local, OTA_ALLOW_INSECURE_DEV: '1', VITE_OTA_PUBLIC_KEY: undefined }).errors).toEqual([expect.stringMatching(/^VITE_OTA_PUBLIC_KEY is missing/)]);
  });

  it('passes without an update server (updates off) with a warning, but not for a release', () => {
    expect(checkNativeOtaBuild({})).toEqual({ errors: [], warnings: ['VITE_OTA_SERVER_URL is not set: over-the-air updates are off in this build.'] });
    expect(checkNativeOtaBuild({ OTA_RELEASE_BUILD: '1' }).errors).toEqual([expect.stringMatching(/would switch them off on every device that installs it/)]);
  });
});

describe('the Vite plugin', () => {
  let root: string;
  let warnings: string[] = [];
  const logger = (): Logger => {
    const base = createLogger('silent');
    return { ...base, warn: (message) => void warnings.push(message) };
  };
  const buildIn = (mode: string) =>
    build({ root, configFile: false, envDir: root, mode, logLevel: 'silent', customLogger: logger(), plugins: [otaBuildGuard()], build: { write: false } });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'ota-guard-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title><script type="module">console.log(1)</script>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  afterEach(() => {
    vi.unstubAllEnvs();
    warnings = [];
  });

  const stub = (env: Record<string, string>) => {
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  };

  it('fails a native build with an update server and no public key', async () => {
    stub({ VITE_OTA_SERVER_URL: 'https://updates.example.com' });
    await expect(buildIn(NATIVE_MODE)).rejects.toThrow(/The native build is refused: over-the-air updates must fail closed\.\n {2}- VITE_OTA_PUBLIC_KEY is missing/);
  });

  it('fails a native build whose update server is plain http', async () => {
    stub({ VITE_OTA_SERVER_URL: 'http://updates.example.com', VITE_OTA_PUBLIC_KEY: good.VITE_OTA_PUBLIC_KEY });
    await expect(buildIn(NATIVE_MODE)).rejects.toThrow(/VITE_OTA_SERVER_URL must be https:/);
  });

  it('reads the variables from the mode’s .env file too', async () => {
    writeFileSync(join(root, '.env.native'), 'VITE_OTA_SERVER_URL=http://updates.example.com\n');
    try {
      await expect(buildIn(NATIVE_MODE)).rejects.toThrow(/VITE_OTA_SERVER_URL must be https:/);
    } finally {
      rmSync(join(root, '.env.native'));
    }
  });

  it('builds the local development setup with OTA_ALLOW_INSECURE_DEV=1, warning', async () => {
    stub({ ...good, VITE_OTA_SERVER_URL: 'http://127.0.0.1:4020', OTA_ALLOW_INSECURE_DEV: '1' });
    await expect(buildIn(NATIVE_MODE)).resolves.toBeDefined();
    expect(warnings).toEqual([expect.stringContaining('OTA_ALLOW_INSECURE_DEV=1: updates come over plain http')]);
  });

  it('builds a native bundle without an update server, warning that updates are off', async () => {
    await expect(buildIn(NATIVE_MODE)).resolves.toBeDefined();
    expect(warnings).toEqual(['[ota-build-guard] VITE_OTA_SERVER_URL is not set: over-the-air updates are off in this build.']);
  });

  it('leaves the web build alone', async () => {
    stub({ VITE_OTA_SERVER_URL: 'http://updates.example.com' });
    await expect(buildIn('production')).resolves.toBeDefined();
    expect(warnings).toEqual([]);
  });
});

describe('the project', () => {
  it('builds for the shells in native mode: npm run native:sync', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['native:sync']).toMatch(/^vite build --mode native && cap sync$/);
  });

  it('fails `vite build --mode native` with its own vite.config.ts when the update server is plain http', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'ota-guard-dist-'));
    try {
      const run = spawnSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--mode', 'native', '--outDir', outDir], {
        encoding: 'utf8',
        env: { ...process.env, VITE_OTA_SERVER_URL: 'http://updates.example.com', VITE_OTA_PUBLIC_KEY: good.VITE_OTA_PUBLIC_KEY },
        timeout: 60_000,
      });
      expect(run.status, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain('The native build is refused: over-the-air updates must fail closed.');
      expect(run.stderr).toContain('VITE_OTA_SERVER_URL must be https:');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

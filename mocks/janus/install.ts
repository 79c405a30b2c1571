// Finding (and where possible installing) Debian's Janus, and what it needs of the machine.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { JanusLibraries } from './config.ts';

function executable(path: string | undefined): path is string {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The janus binary: JANUS_PATH, /usr/bin/janus, /usr/local/bin/janus, /opt/janus/bin/janus or the PATH. */
export function findJanus(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.JANUS_PATH, '/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus', ...(env.PATH ?? '').split(':').filter(Boolean).map((dir) => join(dir, 'janus'))];
  return candidates.find(executable);
}

/**
 * The janus binary; when missing, as root with apt-get (as scripts/test.ts installs Chromium), installs
 * Debian's package `janus` first. Undefined when there is none and it cannot be installed here.
 */
export function ensureJanus({ log = console.log }: { log?: (line: string) => void } = {}): string | undefined {
  const found = findJanus();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return undefined;
  log("Installing Debian's janus (the media server for group calls)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Quiet unless it fails: its output would bury the start's own lines.
  const update = spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'janus'], { encoding: 'utf8', env });
  const installed = findJanus();
  if (!installed) log(`Installing janus failed:\n${[update.stderr, install.stdout, install.stderr].join('\n').trim().split('\n').slice(-15).join('\n')}`);
  return installed;
}

/** The one line `npm start` and `npm run mock` print when Janus cannot run: what group calls do then, and how to get Janus. */
export const JANUS_FALLBACK_LINE = (reason: string) =>
  `Group calls: no Janus (${reason}), so they use the peer-to-peer mesh, up to 4 people; for larger group calls install Janus: apt-get install janus`;

/**
 * The folders of the installed Janus's plugins, transports, event handlers and loggers: JANUS_LIB_DIR,
 * Debian's multiarch folder (/usr/lib/<triplet>/janus), /usr/lib/janus, /usr/local/lib/janus or
 * /opt/janus/lib/janus, whichever holds the VideoRoom plugin.
 */
export function findJanusLibraries(env: NodeJS.ProcessEnv = process.env): JanusLibraries | undefined {
  const multiarch = existsSync('/usr/lib') ? readdirSync('/usr/lib').filter((name) => /-linux-gnu/.test(name)).map((name) => join('/usr/lib', name, 'janus')) : [];
  const roots = [env.JANUS_LIB_DIR, ...multiarch, '/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];
  const root = roots.find((dir): dir is string => Boolean(dir) && existsSync(join(dir!, 'plugins', 'libjanus_videoroom.so')));
  if (!root) return undefined;
  return { plugins: join(root, 'plugins'), transports: join(root, 'transports'), events: join(root, 'events'), loggers: join(root, 'loggers') };
}

/**
 * An address of this machine other than loopback, where Janus can gather ICE candidates (src/ice.c
 * skips every IFF_LOOPBACK interface): without one no browser can send it media. IPv4 first, since
 * Janus gathers IPv6 only when configured to.
 */
export function mediaAddress(interfaces = networkInterfaces()): string | undefined {
  const addresses = Object.entries(interfaces).flatMap(([name, list]) => (name.startsWith('vmnet') ? [] : (list ?? [])));
  return addresses.find((address) => !address.internal && address.family === 'IPv4')?.address;
}

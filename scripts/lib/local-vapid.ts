// A VAPID key pair for this checkout only, in .tmp/vapid.json (git-ignored, made on first use): `npm
// start` and `npm test` build the app with its public key when VITE_VAPID_PUBLIC_KEY is not set, and
// `npm run push:send -- --local-keys` signs with it, so push works locally with no deployment's keys
// (those come from the environment and are never committed).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import webpush from 'web-push';

const FILE = resolve('.tmp/vapid.json');
export const LOCAL_VAPID_SUBJECT = 'mailto:developer@localhost';

export function localVapidKeys(): { publicKey: string; privateKey: string } {
  if (existsSync(FILE)) return JSON.parse(readFileSync(FILE, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** The environment for a build: the deployment's VITE_VAPID_PUBLIC_KEY if set, else the local pair's. */
export function withAppVapidKey(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.VITE_VAPID_PUBLIC_KEY ? env : { ...env, VITE_VAPID_PUBLIC_KEY: localVapidKeys().publicKey };
}

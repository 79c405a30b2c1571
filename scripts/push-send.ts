// `npm run push:send`: sends one Web Push notification to a browser's push subscription, the way the
// backend would (asyncapi/asyncapi.yaml, WebPushNotification), to try notifications and their pages by hand.
// The VAPID key pair comes from the environment and is never committed; its public key is the app's
// VITE_VAPID_PUBLIC_KEY, so only subscriptions made by that build accept the push.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import webpush, { type PushSubscription, type RequestDetails, type VapidDetails } from 'web-push';
import { toSafePath } from '../src/shared/safe-path/safe-path.ts';
import { LOCAL_VAPID_SUBJECT, localVapidKeys } from './lib/local-vapid.ts';

const USAGE = `usage: npm run push:send -- --subscription <file.json> [--target-page /chats] [--nav-params '{"uuid":"…"}']
  [--title <text>] [--body <text>] [--tag <tag>] [--ttl <seconds>] [--dry-run] [--local-keys]
       npm run push:send -- --generate-keys

  <file.json>: the subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth), or the
  push_token string the app saves through POST /onesignal/save-device.
  Environment: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (mailto: or https: URL).
  --dry-run prints the encrypted request (endpoint, headers, body length) instead of sending it.
  --local-keys signs with this checkout's own pair (.tmp/vapid.json), the one \`npm start\` builds with.`;

export const VAPID_ENV = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

export interface PushPayload {
  title: string;
  body: string;
  tag?: string;
  data: { target_page?: string; nav_params?: Record<string, string | number | boolean> };
}

export class UsageError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subscription in a file: its JSON, or the app's push_token (that JSON as a string). */
export function parseSubscription(text: string): PushSubscription {
  let value: unknown = JSON.parse(text);
  if (typeof value === 'string') value = JSON.parse(value);
  if (!isRecord(value) || typeof value.endpoint !== 'string' || !isRecord(value.keys)) {
    throw new UsageError('the subscription needs an endpoint and keys (p256dh, auth)');
  }
  const { p256dh, auth } = value.keys;
  if (typeof p256dh !== 'string' || typeof auth !== 'string') throw new UsageError('the subscription needs keys.p256dh and keys.auth');
  if (new URL(value.endpoint).protocol !== 'https:') throw new UsageError('the subscription endpoint must be an https: URL');
  return { endpoint: value.endpoint, keys: { p256dh, auth } };
}

/** nav_params from the command line: a JSON object of strings, numbers and booleans. */
export function parseNavParams(text: string | undefined): Record<string, string | number | boolean> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--nav-params is not JSON: ${text}`);
  }
  if (!isRecord(value)) throw new UsageError('--nav-params must be a JSON object');
  for (const [name, param] of Object.entries(value)) {
    if (!['string', 'number', 'boolean'].includes(typeof param)) throw new UsageError(`--nav-params ${name}: only strings, numbers and booleans travel`);
  }
  return value as Record<string, string | number | boolean>;
}

export function buildPayload(options: { title: string; body: string; tag?: string; targetPage?: string; navParams?: Record<string, string | number | boolean> }): PushPayload {
  const data: PushPayload['data'] = {};
  if (options.targetPage !== undefined) data.target_page = options.targetPage;
  if (options.navParams !== undefined) data.nav_params = options.navParams;
  return { title: options.title, body: options.body, ...(options.tag ? { tag: options.tag } : {}), data };
}

/** The VAPID details from the environment; names the variables that are missing. */
export function vapidFromEnv(env: NodeJS.ProcessEnv): VapidDetails {
  const missing = VAPID_ENV.filter((name) => !env[name]);
  if (missing.length > 0) throw new UsageError(`set ${missing.join(', ')} (npm run push:send -- --generate-keys makes a pair)`);
  return { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! };
}

/** The push service request: the payload encrypted (aes128gcm, RFC 8291) for the subscription, signed with VAPID. */
export function encryptRequest(subscription: PushSubscription, payload: PushPayload, vapidDetails: VapidDetails, ttl?: number): RequestDetails {
  return webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails,
    contentEncoding: 'aes128gcm',
    ...(ttl === undefined ? {} : { TTL: ttl }),
  });
}

/** What --dry-run prints: the request without its secret parts (the signed token is shortened). */
export function describeRequest(details: RequestDetails): string {
  const headers = Object.entries(details.headers).map(([name, value]) => {
    const text = String(value);
    return `  ${name}: ${name === 'Authorization' ? text.replace(/t=([^,]{12})[^,]*/, 't=$1…') : text}`;
  });
  return [`POST ${details.endpoint}`, ...headers, `  (body: ${details.body?.length ?? 0} bytes, encrypted)`].join('\n');
}

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      subscription: { type: 'string' },
      'target-page': { type: 'string' },
      'nav-params': { type: 'string' },
      title: { type: 'string', default: 'ESS Workplace' },
      body: { type: 'string', default: '' },
      tag: { type: 'string' },
      ttl: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'generate-keys': { type: 'boolean', default: false },
      'local-keys': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return values;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = options(argv);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values['generate-keys']) {
    const keys = webpush.generateVAPIDKeys();
    console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
    console.log('# build the app with VITE_VAPID_PUBLIC_KEY set to the same public key; keep the private key out of the repository');
    return 0;
  }
  if (!values.subscription) throw new UsageError('--subscription <file.json> is required');
  const subscription = parseSubscription(readFileSync(values.subscription, 'utf8'));
  const targetPage = values['target-page'];
  if (targetPage !== undefined && toSafePath(targetPage) === null) {
    console.warn(`warning: ${targetPage} is not a route of the app: a click opens /home`);
  }
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 0)) throw new UsageError('--ttl must be a whole number of seconds');
  const payload = buildPayload({ title: values.title, body: values.body, tag: values.tag, targetPage, navParams: parseNavParams(values['nav-params']) });
  const vapid = values['local-keys'] ? { ...localVapidKeys(), subject: LOCAL_VAPID_SUBJECT } : vapidFromEnv(env);

  console.log(`payload: ${JSON.stringify(payload)}`);
  if (values['dry-run']) {
    console.log(describeRequest(encryptRequest(subscription, payload, vapid, ttl)));
    return 0;
  }
  try {
    const result = await webpush.sendNotification(subscription, JSON.stringify(payload), { vapidDetails: vapid, contentEncoding: 'aes128gcm', ...(ttl === undefined ? {} : { TTL: ttl }) });
    console.log(`sent: the push service answered ${result.statusCode}`);
    return 0;
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      const gone = error.statusCode === 404 || error.statusCode === 410;
      console.error(`not sent: the push service answered ${error.statusCode}${gone ? ' (the subscription has expired or was withdrawn)' : ''} ${error.body}`.trim());
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(`push:send: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(USAGE);
    process.exitCode = 1;
  }
}

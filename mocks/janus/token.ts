// Janus's signed tokens (token_auth with a token_auth_secret): a backend that knows the secret mints
// them, and Janus checks them without being told about each one (src/auth.c, Janus 1.1.2,
// janus_auth_check_signature and janus_auth_check_signature_contains):
//   `<expiry>,janus,<plugin>[,<plugin>…]:<base64 HMAC-SHA1 of everything before the colon>`
// - expiry: Unix time in whole seconds; Janus refuses the token once its clock is past it;
// - `janus`: the realm of the core API (every request of a session checks it);
// - the plugins: a handle can be attached only to a plugin the token names (`janus.plugin.videoroom`);
// - the signature: HMAC-SHA1 keyed with token_auth_secret, Base64 with padding (g_base64_encode).
// The token opens Janus's API, not a room: the VideoRoom's pin does that.
import { createHmac } from 'node:crypto';

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';

export interface TokenOptions {
  /** When Janus stops taking the token: a Date, or milliseconds since the epoch (Date.now()'s unit). */
  expiresAt: Date | number;
  /** The plugins the token may attach to (Janus refuses `attach` to any other). */
  plugins: readonly string[];
}

const PLUGIN = /^[A-Za-z0-9._-]+$/;

export function mintToken(secret: string, { expiresAt, plugins }: TokenOptions): string {
  if (!secret) throw new Error('mintToken: the token_auth_secret is empty');
  const expiry = Math.floor((typeof expiresAt === 'number' ? expiresAt : expiresAt.getTime()) / 1000);
  if (!Number.isSafeInteger(expiry) || expiry <= 0) throw new Error(`mintToken: not a time: ${String(expiresAt)}`);
  // A comma or colon in a plugin name would change how Janus splits the token.
  for (const plugin of plugins) if (!PLUGIN.test(plugin)) throw new Error(`mintToken: not a plugin name: ${plugin}`);
  const data = [String(expiry), 'janus', ...plugins].join(',');
  const signature = createHmac('sha1', secret).update(data, 'utf8').digest('base64');
  return `${data}:${signature}`;
}

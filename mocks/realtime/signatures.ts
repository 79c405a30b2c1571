// Pusher-protocol signatures, computed exactly as Laravel's PusherBroadcaster (pusher-php-server)
// does, so a client that works against the mock works against the real broadcast server.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AppCredentials {
  appKey: string;
  appSecret: string;
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** `auth` for a private or presence channel; presence channels also sign the channel data. */
export function channelAuth(app: AppCredentials, socketId: string, channelName: string, channelData?: string): string {
  const signed = channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
  return `${app.appKey}:${hmacHex(app.appSecret, signed)}`;
}

/** `auth` for `pusher:signin`. */
export function userAuth(app: AppCredentials, socketId: string, userData: string): string {
  return `${app.appKey}:${hmacHex(app.appSecret, `${socketId}::user::${userData}`)}`;
}

export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isAuthorisedChannel(channelName: string): boolean {
  return channelName.startsWith('private-') || channelName.startsWith('presence-');
}

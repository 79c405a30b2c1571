// The parts of web-push 3.6 (and of http_ece, which it encrypts with) that scripts/push-send.ts and its
// test use: neither package ships type declarations.
declare module 'web-push' {
  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface VapidDetails {
    subject: string;
    publicKey: string;
    privateKey: string;
  }
  export interface RequestOptions {
    vapidDetails?: VapidDetails;
    TTL?: number;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    timeout?: number;
  }
  export interface RequestDetails {
    method: 'POST';
    endpoint: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
  }
  export interface SendResult {
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }
  export class WebPushError extends Error {
    statusCode: number;
    body: string;
    endpoint: string;
  }
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string };
  export function generateRequestDetails(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): RequestDetails;
  export function sendNotification(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): Promise<SendResult>;
  const webpush: {
    WebPushError: typeof WebPushError;
    generateVAPIDKeys: typeof generateVAPIDKeys;
    generateRequestDetails: typeof generateRequestDetails;
    sendNotification: typeof sendNotification;
  };
  export default webpush;
}

declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    privateKey: ECDH;
    authSecret: string | Buffer;
    dh?: string | Buffer;
    salt?: string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}

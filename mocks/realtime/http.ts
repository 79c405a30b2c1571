// Small HTTP helpers for the realtime mock: CORS for the browser app, body parsing (form or JSON)
// and answers in the backend's envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = [
  'app-platforms',
  'pwa-version',
  'android-version',
  'ios-version',
  'authorization',
  'x-socket-id',
  'x-xsrf-token',
  'x-requested-with',
  'content-type',
  'accept',
].join(', ');

/** The app is served from loopback; other origins get no CORS grant (the mock can emit events). */
export const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

export function setCors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin)) return;
  response.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    response.setHeader('Vary', 'Origin');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  response.setHeader('Access-Control-Max-Age', '600');
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendError(response: ServerResponse, status: number, message: string, extra: object = {}): void {
  sendJson(response, status, { error: true, status_code: status, error_message: message, ...extra });
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON or form-urlencoded body into a flat record (empty when there is none). */
export async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('json') || text.startsWith('{')) {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function hasBearerToken(request: IncomingMessage): boolean {
  return /^Bearer\s+\S+/i.test(request.headers.authorization ?? '');
}

// The mocks' control routes (resetting the sandbox, listing the devices, pushes, check-ins and module
// tokens it recorded, setting its urgent reminders, emitting realtime events, counting or dropping the
// realtime connections) answer only on the mock's own port, never through the app's address. Two
// guards, so that either holds alone:
// - the mocks refuse a control request that came through a proxy: every proxy in front of them (Vite's
//   under `npm start`, vite.config.ts, with xfwd; nginx under `npm run serve`,
//   deploy/nginx/nginx.conf.template) adds a forwarding header, which a direct request has no reason to
//   carry;
// - Vite's proxy does not forward those paths at all (vite.config.ts). nginx is the production server's
//   configuration and knows nothing of the mocks: the first guard covers it.
// The sandbox's pictures, chat files and partner pages live under /__sandbox too, but the browser loads
// them through the app's address: they are not control routes.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers a proxy adds (de facto and RFC 7239); Vite's (xfwd) and nginx's add X-Forwarded-For. */
export const PROXY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'via'] as const;

/** The request came through a proxy (the app's address), not straight to the mock's port. */
export function cameThroughProxy(request: Pick<IncomingMessage, 'headers'>): boolean {
  return PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

/** The sandbox's own paths that the app's pages load: pictures, stickers, chat files and the partner systems' pages. */
const PUBLIC_SANDBOX_PATH = /^\/__sandbox\/(?:avatars|cdn|stickers|chat-files|sunfish-hr|job-portal)\//;

/** A sandbox path (as the sandbox sees it, without the app's /api) that only the mock's own port answers. */
export function isSandboxControlPath(pathname: string): boolean {
  return (pathname === '/__sandbox' || pathname.startsWith('/__sandbox/')) && !PUBLIC_SANDBOX_PATH.test(pathname);
}

/** A realtime mock path (without the app's /realtime) that only the mock's own port answers. */
export function isRealtimeControlPath(pathname: string): boolean {
  return pathname === '/__mock' || pathname.startsWith('/__mock/');
}

/** The answer to a control request that came through the app's address. */
export function refuseControlThroughProxy(response: ServerResponse, ownUrl: string): void {
  const body = JSON.stringify({
    error: true,
    status_code: 403,
    error_message: `The mock's control routes answer only on its own address (${ownUrl}), not through the app's.`,
  });
  response.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  response.end(body);
}

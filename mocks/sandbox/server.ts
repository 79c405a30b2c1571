// The mock sandbox: a small stateful HTTP server in front of Prism. It answers the operations its
// resources implement (a route table, see routes.ts) with data a person can use — several pages of
// feed and forum posts, likes lists matching their counts, quick links to local stand-in pages,
// avatars it draws itself — and forwards every other request to Prism unchanged, rewriting the CDN
// picture URLs of Prism's JSON examples to its own images.
//
// Prism keeps the last word on demand: a request with a `Prefer` header (`example=…`, `code=…`) always
// goes to Prism, and so does every request of a browser carrying EXAMPLES_COOKIE (the browser tests
// pin the contract's examples that way) or of a sandbox started with `contractExamples`; PREFER_COOKIE
// gives chosen paths a `Prefer` header (the browser tests steer single calls that way).
//
// A request carrying SCRATCH_HEADER is answered from a scratch copy of the sandbox's data instead
// (fresh from the seed, kept under the header's value, sending no live events): `npm run
// contract:check` replays the contract's writes there, so the demo data and the apps connected to the
// sandbox see none of them. Sandbox-only, like every `/__sandbox` route: the contract has no such
// header, and nothing of mocks/ is in a production build.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasBearerToken, sendJson, setCors } from '../realtime/http.ts';
import { createAttendanceResource } from './attendance.ts';
import { createAvatarsResource, rewriteCdnUrlsInText } from './avatars.ts';
import { createChatResource, createIdentityResource, type CallEventEmitter, type CallMediaServer, type LiveChatEmitter } from './chat/index.ts';
import { createDevicesResource, type RegisteredDevice } from './devices.ts';
import { createFeedResource, type FeedEventEmitter } from './feed.ts';
import { createForumResource } from './forum.ts';
import { createModuleTokensResource, isModuleToken } from './module-tokens.ts';
import { createNotificationsResource } from './notifications.ts';
import { createPopupResource } from './popup.ts';
import { keepIdleConnections } from '../keep-alive.ts';
import { cameThroughProxy, isSandboxControlPath, refuseControlThroughProxy } from '../control-routes.ts';
import { createPushOutbox } from './push-outbox.ts';
import { createQuickLinksResource } from './quick-links.ts';
import {
  EXAMPLES_COOKIE,
  PREFER_COOKIE,
  preferencesOf,
  RequestRefused,
  compileRoute,
  type CompiledRoute,
  createContext,
  errorBody,
  matchRoute,
  type SandboxAnswer,
  type SandboxResource,
  type SandboxRoute,
} from './routes.ts';

export interface SandboxOptions {
  /** Where Prism listens; everything the sandbox does not answer goes there. */
  prismUrl: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Forward every contract operation to Prism (its examples only); the sandbox still serves its pictures. */
  contractExamples?: boolean;
  /** Sends the chat sandbox's live-chat socket.io events (mocks/start.ts: the realtime mock's socket.io server). */
  liveChat?: LiveChatEmitter;
  /** Sends the chat sandbox's call events (mocks/start.ts: the realtime mock's Pusher server, the users' private channels). */
  callEvents?: CallEventEmitter;
  /** Sends the feed's `feed_counts` events (mocks/start.ts: the realtime mock's Pusher server, the public global channel). */
  feedEvents?: FeedEventEmitter;
  /** The media server of group calls (mocks/start.ts: the Janus beside the mocks, when one runs); none: every call is peer to peer. */
  callMedia?: CallMediaServer;
  /** The resources to serve, made again by POST /__sandbox/reset; defaults to all of them, each with fresh state. */
  resources?: () => SandboxResource[];
  /** The resources of a scratch copy (SCRATCH_HEADER); defaults to all of them, fresh, sending no events. */
  scratchResources?: () => SandboxResource[];
}

export interface RunningSandbox {
  url: string;
  port: number;
  routes: readonly SandboxRoute[];
  stop(): Promise<void>;
}

export function defaultResources({
  liveChat,
  callEvents,
  callMedia,
  feedEvents,
}: { liveChat?: LiveChatEmitter; callEvents?: CallEventEmitter; callMedia?: CallMediaServer; feedEvents?: FeedEventEmitter } = {}): SandboxResource[] {
  // The devices saved through save-device are where the pushes the sandbox sends go (push-outbox.ts).
  const devices: RegisteredDevice[] = [];
  const push = createPushOutbox({ devices: () => devices });
  return [
    createFeedResource({ feedEvents }),
    createForumResource(),
    createQuickLinksResource(),
    createAvatarsResource(),
    createIdentityResource(),
    createChatResource({ liveChat, callEvents, callMedia, push }),
    createNotificationsResource(),
    createDevicesResource({ devices }),
    { name: 'pushes', routes: push.routes },
    createModuleTokensResource(),
    createPopupResource(),
    createAttendanceResource(),
  ];
}

/** Sandbox-only: the request works on a scratch copy of the data named by this header's value (see the top of this file). */
export const SCRATCH_HEADER = 'x-sandbox-scratch';
const SCRATCH_ID = /^[A-Za-z0-9._-]{1,80}$/;
/** At most this many scratch copies at once (each holds a seeded chat of 10,000 messages); the least recently used goes first. */
const SCRATCH_LIMIT = 4;
/** A scratch copy unused this long is dropped. */
const SCRATCH_IDLE_MS = 10 * 60_000;

/** Contract operations that need no bearer token (their `security: []` in the contract). */
const ANONYMOUS_OPERATIONS = new Set(['login']);

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const PREFIX_HEADER = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * The sandbox's address as the browser sees it: the Host the request was sent to plus the path the
 * dev server's proxy strips (`X-Forwarded-Prefix: /api`, see vite.config.ts), so the links and
 * pictures it answers are same-origin for the app; the sandbox's own address for a direct request.
 */
export function publicBase(request: IncomingMessage, ownUrl: string): string {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (typeof host !== 'string' || !HOST_HEADER.test(host)) return ownUrl;
  const prefix = request.headers['x-forwarded-prefix'];
  const protocol = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${protocol}://${host}${typeof prefix === 'string' && PREFIX_HEADER.test(prefix) ? prefix : ''}`;
}

const cookiesOf = (request: IncomingMessage) => (request.headers.cookie ?? '').split(';').map((cookie) => cookie.trim());

function wantsPrism(request: IncomingMessage, contractExamples: boolean): boolean {
  if (contractExamples || request.headers.prefer !== undefined) return true;
  return cookiesOf(request).includes(`${EXAMPLES_COOKIE.name}=${EXAMPLES_COOKIE.value}`);
}

/** The Prefer header PREFER_COOKIE gives a request to this path, added to it (a Prefer header it carries itself wins). */
function applyPreferCookie(request: IncomingMessage, path: string): void {
  if (request.headers.prefer !== undefined) return;
  const cookie = cookiesOf(request).find((candidate) => candidate.startsWith(`${PREFER_COOKIE}=`));
  const prefer = preferencesOf(cookie?.slice(PREFER_COOKIE.length + 1))[path];
  if (prefer !== undefined) request.headers.prefer = prefer;
}

function send(response: ServerResponse, answer: SandboxAnswer): void {
  const headers = { 'X-Mock-Source': 'sandbox', ...answer.headers };
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if ('json' in answer) return sendJson(response, answer.status ?? 200, answer.json);
  response.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType, 'Content-Length': Buffer.byteLength(answer.body) });
  response.end(answer.body);
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection'];

/** Forwards the request to Prism as it came; a JSON answer has its CDN URLs rewritten to the sandbox's pictures. */
function forward(request: IncomingMessage, response: ServerResponse, prism: URL, base: string): void {
  const headers = { ...request.headers, host: prism.host };
  // Answers are rewritten, so they must come uncompressed.
  delete headers['accept-encoding'];
  const upstream = httpRequest(
    { protocol: prism.protocol, hostname: prism.hostname, port: prism.port, method: request.method, path: request.url, headers },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => response.destroy());
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        if (/json/i.test(answer.headers['content-type'] ?? '')) {
          const rewritten = rewriteCdnUrlsInText(body.toString('utf8'), (path) => `${base}${path}`);
          if (rewritten !== undefined) body = Buffer.from(rewritten, 'utf8');
        }
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.includes(name)) out[name] = value;
        }
        out['content-length'] = String(body.length);
        out['x-mock-source'] = 'prism';
        response.writeHead(answer.statusCode ?? 502, out);
        response.end(body);
      });
    },
  );
  upstream.on('error', (error) => {
    if (response.headersSent) return void response.destroy();
    sendJson(response, 502, errorBody(502, `The mock sandbox could not reach Prism at ${prism.origin}: ${error.message}`));
  });
  request.pipe(upstream);
}

export async function startSandbox({
  prismUrl,
  host = '127.0.0.1',
  port = 4010,
  contractExamples = false,
  liveChat,
  callEvents,
  callMedia,
  feedEvents,
  resources = () => defaultResources({ liveChat, callEvents, callMedia, feedEvents }),
  scratchResources = () => defaultResources(),
}: SandboxOptions): Promise<RunningSandbox> {
  const prism = new URL(prismUrl);
  // Made here, and again by POST /__sandbox/reset (every browser test starts from the seed).
  let current: SandboxResource[] = [];
  let routes: SandboxRoute[] = [];
  let compiled: CompiledRoute[] = [];
  const reset = () => {
    for (const resource of current) resource.stop?.();
    current = resources();
    routes = current.flatMap((resource) => resource.routes);
    compiled = routes.map(compileRoute);
  };
  reset();
  let ownUrl = '';

  const scratches = new Map<string, { compiled: CompiledRoute[]; usedAt: number }>();
  /** The route table of the scratch copy the request names, made on first use; the sandbox's own otherwise. */
  const routeTable = (request: IncomingMessage): readonly CompiledRoute[] => {
    const id = request.headers[SCRATCH_HEADER];
    if (typeof id !== 'string' || !SCRATCH_ID.test(id)) return compiled;
    const now = Date.now();
    for (const [key, scratch] of scratches) if (now - scratch.usedAt > SCRATCH_IDLE_MS) scratches.delete(key);
    let scratch = scratches.get(id);
    if (!scratch) {
      while (scratches.size >= SCRATCH_LIMIT) scratches.delete(scratches.keys().next().value!);
      scratch = { compiled: scratchResources().flatMap((resource) => resource.routes).map(compileRoute), usedAt: now };
    }
    // Re-inserted, so the map's order is least recently used first.
    scratches.delete(id);
    scratches.set(id, { ...scratch, usedAt: now });
    return scratch.compiled;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const base = publicBase(request, ownUrl);

    // Resetting, scratch copies, and what the sandbox recorded (devices, pushes, check-ins, module
    // tokens, urgent reminders): on this port only, never through the app's address (../control-routes.ts).
    if (isSandboxControlPath(url.pathname) && cameThroughProxy(request)) {
      setCors(request, response);
      return refuseControlThroughProxy(response, ownUrl);
    }

    if (method === 'GET' && (url.pathname === '/__sandbox' || url.pathname === '/__sandbox/')) {
      setCors(request, response);
      return send(response, {
        json: {
          sandbox: `Answers these itself; everything else comes from Prism. A Prefer header sends any request to Prism; so does the ${PREFER_COOKIE} cookie for the paths it names (URI-encoded JSON: path to Prefer value).`,
          scratch: {
            header: SCRATCH_HEADER,
            about: `A request with ${SCRATCH_HEADER}: <id> works on a scratch copy of the data (fresh from the seed, no live events); DELETE /__sandbox/scratch/<id> drops it.`,
          },
          reset: 'POST /__sandbox/reset puts every resource back to its seed (the browser tests do before each test).',
          routes: routes.map(({ method: m, path, operationId }) => ({ method: m, path, operationId: operationId ?? null })),
        },
      });
    }

    if (method === 'POST' && url.pathname === '/__sandbox/reset') {
      setCors(request, response);
      reset();
      return send(response, { json: { reset: true } });
    }

    const scratchPath = /^\/__sandbox\/scratch\/([^/]+)$/.exec(url.pathname);
    if (method === 'DELETE' && scratchPath) {
      setCors(request, response);
      const dropped = scratches.delete(decodeURIComponent(scratchPath[1]!));
      return send(response, { status: dropped ? 200 : 404, json: { dropped } });
    }

    // A web module's token is for that module only (module-tokens.ts), never the bearer token of an API call.
    const bearer = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    if (isModuleToken(bearer) && !url.pathname.startsWith('/__sandbox/')) {
      setCors(request, response);
      return send(response, { status: 401, json: errorBody(401, 'Unauthenticated.') });
    }

    applyPreferCookie(request, url.pathname);
    const match = matchRoute(routeTable(request), method, url.pathname);
    const contractOperation = match?.route.operationId !== undefined;
    if (!match || (contractOperation && wantsPrism(request, contractExamples))) return forward(request, response, prism, base);

    setCors(request, response);
    // As on the backend (and in Prism): every contract operation needs the bearer token.
    if (contractOperation && !ANONYMOUS_OPERATIONS.has(match.route.operationId!) && !hasBearerToken(request)) return send(response, { status: 401, json: errorBody(401, 'Unauthenticated.') });
    const answer = await match.route.handle(createContext(request, url, match.params, base));
    send(response, answer);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      // A body the contract refuses: 422 with the envelope (contract.ts).
      if (error instanceof RequestRefused) return send(response, error.answer);
      sendJson(response, 500, errorBody(500, error instanceof Error ? error.message : String(error)));
    });
  });
  keepIdleConnections(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  ownUrl = `http://${host}:${address.port}`;

  let stopped: Promise<void> | undefined;
  return {
    url: ownUrl,
    port: address.port,
    get routes() {
      return routes;
    },
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        for (const resource of current) resource.stop?.();
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
}

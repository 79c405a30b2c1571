// `npm run serve -- --port <n>`: the built app (dist/) as production serves it, behind Debian's nginx
// (deploy/nginx/nginx.conf.template: SPA fallback, the proxies, caching, compression and the security
// headers), on 127.0.0.1 only. The proxies go to the mocks by default (`npm run mock`); elsewhere:
//   --api-upstream <url>            /api/*                      (ESS_API_UPSTREAM; default MOCK_HTTP_URL or http://127.0.0.1:4010)
//   --realtime-upstream <url>       the four below at once      (ESS_REALTIME_UPSTREAM; default MOCK_REALTIME_URL or http://127.0.0.1:6001)
//   --broadcast-upstream <url>      /realtime/* (Pusher)        (ESS_BROADCAST_UPSTREAM)
//   --socket-io-upstream <url>      /socket.io/*                (ESS_SOCKET_IO_UPSTREAM)
//   --api-realtime-upstream <url>   /api/broadcasting/*, /api/global-long-polling/*  (ESS_API_REALTIME_UPSTREAM)
//   --modules-upstream <url>        /modules/*                  (ESS_MODULES_UPSTREAM)
//   --janus-upstream <url>          /janus (Janus's WebSocket API for group calls; ESS_JANUS_UPSTREAM or
//                                   MOCK_JANUS_URL; none: /janus is a 404)
//   --dist <dir> (default dist), --max-body <size> (default 50m), --access-log,
//   --tls-cert <pem> --tls-key <pem> (serve https, with HSTS).
// nginx runs in the foreground and stops with this process (a signal, or its parent going away).
import { parseArgs } from 'node:util';
import { startNginx, upstreamsFromEnv } from './lib/nginx-server.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    'api-upstream': { type: 'string' },
    'realtime-upstream': { type: 'string' },
    'broadcast-upstream': { type: 'string' },
    'socket-io-upstream': { type: 'string' },
    'api-realtime-upstream': { type: 'string' },
    'modules-upstream': { type: 'string' },
    'janus-upstream': { type: 'string' },
    'max-body': { type: 'string' },
    'access-log': { type: 'boolean', default: false },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
  },
});

const port = Number(args.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('Usage: npm run serve -- --port <n> [--dist dist] [--api-upstream <url>] [--realtime-upstream <url>] [--tls-cert <pem> --tls-key <pem>]');
  process.exit(2);
}
if (Boolean(args['tls-cert']) !== Boolean(args['tls-key'])) {
  console.error('serve: --tls-cert and --tls-key go together');
  process.exit(2);
}

const realtime = args['realtime-upstream'];
const fromEnv = upstreamsFromEnv(realtime ? { ...process.env, ESS_REALTIME_UPSTREAM: realtime } : process.env);
const upstreams = {
  api: args['api-upstream'] ?? fromEnv.api,
  apiRealtime: args['api-realtime-upstream'] ?? fromEnv.apiRealtime,
  broadcast: args['broadcast-upstream'] ?? fromEnv.broadcast,
  socketIo: args['socket-io-upstream'] ?? fromEnv.socketIo,
  modules: args['modules-upstream'] ?? fromEnv.modules,
  janus: args['janus-upstream'] ?? fromEnv.janus,
};

let server;
try {
  server = await startNginx({
    port,
    root: args.dist,
    upstreams,
    maxBody: args['max-body'],
    accessLog: args['access-log'],
    tls: args['tls-cert'] && args['tls-key'] ? { cert: args['tls-cert'], key: args['tls-key'] } : undefined,
  });
} catch (error) {
  console.error(`serve: ${(error as Error).message}`);
  process.exit(1);
}
const running = server;
console.log(`Serving ${args.dist}/ with nginx on ${running.url} (API ${upstreams.api}, realtime ${upstreams.broadcast}${upstreams.janus ? `, Janus ${upstreams.janus}` : ''})`);

const stop = async (code: number) => {
  await running.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
// Stops with its parent: a test runner or shell that goes away without a signal leaves no server behind.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0);
}, 1000).unref();
process.exitCode = await running.exited;

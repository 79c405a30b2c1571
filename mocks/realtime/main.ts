// CLI: node mocks/realtime/main.ts [--port 6001] [--ttl <seconds>] [--prefix ess] [--websocket-id live-chat-home-42-9f8e7d6c]
//      [--app-key ess-mock-key] [--app-secret ess-mock-secret]
// --ttl makes the mock stop by itself (for scripts and CI); without it, Ctrl-C stops it.
import { parseArgs } from 'node:util';
import { startRealtimeMock } from './server.ts';

const started = performance.now();
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '6001' },
    ttl: { type: 'string' },
    prefix: { type: 'string', default: 'ess' },
    'websocket-id': { type: 'string', default: 'live-chat-home-42-9f8e7d6c' },
    'app-key': { type: 'string', default: 'ess-mock-key' },
    'app-secret': { type: 'string', default: 'ess-mock-secret' },
  },
});

if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(values.host)) {
  console.error(`realtime mock: refusing to listen on ${values.host}; it serves loopback only`);
  process.exit(2);
}

const mock = await startRealtimeMock({
  host: values.host,
  port: Number(values.port),
  prefix: values.prefix,
  websocketId: values['websocket-id'],
  appKey: values['app-key'],
  appSecret: values['app-secret'],
});
console.log(`realtime mock started in ${Math.round(performance.now() - started)} ms on ${mock.url}`);
console.log(`  pusher:    ws://${values.host}:${mock.port}/app/${values['app-key']}  (channel ${values.prefix}_global_event)`);
console.log(`  socket.io: ${mock.url}/socket.io  (event ${values['websocket-id']})`);
console.log(`  long-poll: ${mock.url}/global-long-polling/new-events`);
console.log(`  emit:      node mocks/emit.ts <example>  (${mock.examples.map((e) => e.name).join(', ')})`);

const shutdown = (reason: string): void => {
  console.log(`realtime mock stopping (${reason})`);
  void mock.stop().then(() => process.exit(0));
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
if (values.ttl !== undefined) {
  const ttl = Number(values.ttl);
  if (!(ttl > 0)) throw new Error(`--ttl must be a positive number of seconds, got ${values.ttl}`);
  setTimeout(() => shutdown(`ttl ${ttl}s`), ttl * 1000);
}

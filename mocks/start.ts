// `npm run mock`: the Prism HTTP mock (contract examples; `--dynamic` for generated data) and the
// realtime mock (Pusher protocol, socket.io, long polling) together, on 127.0.0.1.
// `--ttl <seconds>` stops both by themselves (tests and CI never leave servers behind).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startPrism } from './prism.ts';
import { startRealtimeMock } from './realtime/server.ts';

export interface RunningMocks {
  httpUrl: string;
  realtimeUrl: string;
  stop(): Promise<void>;
}

export async function startMocks({ dynamic = false, httpPort = 4010, realtimePort = 6001 } = {}): Promise<RunningMocks> {
  const [prism, realtime] = await Promise.all([startPrism({ port: httpPort, dynamic }), startRealtimeMock({ port: realtimePort })]);
  return {
    httpUrl: prism.url,
    realtimeUrl: realtime.url,
    stop: async () => {
      await Promise.all([prism.stop(), realtime.stop()]);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { dynamic: { type: 'boolean', default: false }, ttl: { type: 'string' } },
  });
  const started = performance.now();
  const mocks = await startMocks({ dynamic: values.dynamic });
  console.log(`HTTP mock (Prism${values.dynamic ? ', dynamic data' : ', contract examples'}): ${mocks.httpUrl}`);
  console.log(`Realtime mock (Pusher /app/ess-mock-key, socket.io, long polling): ${mocks.realtimeUrl}`);
  console.log(`Mocks ready in ${Math.round(performance.now() - started)} ms. Emit events with: npm run mock:emit -- <example-name>`);
  const shutdown = async () => {
    await mocks.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  if (values.ttl) setTimeout(shutdown, Number(values.ttl) * 1000).unref();
}

// `npm run mock:ota`: the local update server on http://127.0.0.1:4020 (for a development build of the
// shells: VITE_OTA_SERVER_URL=http://127.0.0.1:4020 with OTA_ALLOW_INSECURE_DEV=1, docs/native-and-ota.md).
// `--port 0` picks a free port; `--ttl <seconds>` stops it by itself.
import { parseArgs } from 'node:util';
import { DEFAULT_DEPLOYMENTS } from './releases.ts';
import { startOtaServer } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4020' }, ttl: { type: 'string' } } });
const server = await startOtaServer({ port: Number(values.port), ttlSeconds: values.ttl ? Number(values.ttl) : undefined });
console.log(`Update server (CodePush protocol): ${server.url}`);
for (const [name, key] of Object.entries(DEFAULT_DEPLOYMENTS)) console.log(`  deployment ${name}: ${key}`);
console.log(`Publish with: npm run release:ota -- --label <label> --server ${server.url}`);
console.log(`State: GET ${server.url}/__ota/state; failures: POST ${server.url}/__ota/fail {"status": 503}`);
const shutdown = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

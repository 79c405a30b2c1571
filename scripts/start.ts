// `npm start`: the mocks and the app in development mode, one command, no backend needed.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { janusLine, startMocks } from '../mocks/start.ts';
import { withAppVapidKey } from './lib/local-vapid.ts';

// Janus too, for group calls beyond the mesh's 4 people (installed when missing, where it can be; one
// line says so when it cannot run and group calls use the mesh).
const mocks = await startMocks({ janus: 'auto' });
console.log(`Mocks: HTTP ${mocks.httpUrl} (sandbox in front of Prism ${mocks.prismUrl}), realtime and web modules ${mocks.realtimeUrl}`);
const janus = janusLine(mocks);
if (janus) console.log(janus);
const vite = spawn(process.execPath, [resolve('node_modules/.bin/vite')], {
  stdio: 'inherit',
  env: {
    ...withAppVapidKey(process.env),
    MOCK_HTTP_URL: mocks.httpUrl,
    MOCK_REALTIME_URL: mocks.realtimeUrl,
    ...(mocks.janusUrl ? { MOCK_JANUS_URL: mocks.janusUrl } : {}),
  },
});
const shutdown = async (code = 0) => {
  vite.kill('SIGTERM');
  await mocks.stop();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
vite.once('exit', (code) => void shutdown(code ?? 0));

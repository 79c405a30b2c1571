// `npm start`: the mocks and the app in development mode, one command, no backend needed.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startMocks } from '../mocks/start.ts';
import { withAppVapidKey } from './lib/local-vapid.ts';

const mocks = await startMocks();
console.log(`Mocks: HTTP ${mocks.httpUrl} (sandbox in front of Prism ${mocks.prismUrl}), realtime and web modules ${mocks.realtimeUrl}`);
const vite = spawn(process.execPath, [resolve('node_modules/.bin/vite')], {
  stdio: 'inherit',
  env: { ...withAppVapidKey(process.env), MOCK_HTTP_URL: mocks.httpUrl, MOCK_REALTIME_URL: mocks.realtimeUrl },
});
const shutdown = async (code = 0) => {
  vite.kill('SIGTERM');
  await mocks.stop();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
vite.once('exit', (code) => void shutdown(code ?? 0));

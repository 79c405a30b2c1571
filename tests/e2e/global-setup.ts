import { startMocks } from '../../mocks/start.ts';

// The production server (nginx, `npm run serve`) proxies /api and the realtime paths to these.
export default async function globalSetup() {
  const mocks = await startMocks();
  return () => mocks.stop();
}

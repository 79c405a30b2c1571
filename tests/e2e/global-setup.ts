import { startMocks } from '../../mocks/start.ts';

// The built app's preview server proxies /api to these (see vite.config.ts).
export default async function globalSetup() {
  const mocks = await startMocks();
  return () => mocks.stop();
}

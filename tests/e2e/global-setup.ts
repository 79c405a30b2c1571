import { startRealtimeMock } from '../../mocks/realtime/server.ts';

// Each worker runs its own mocks and nginx (support/stack.ts). One address is baked into the build: the
// web modules' origin, http://127.0.0.1:6001/modules (src/api/config.ts iframeBase, the only origin the
// CSP lets the app frame). Their stand-ins are static pages (mocks/modules/web-modules.ts) that talk
// only to the app framing them, so one realtime mock on that port serves them to every worker's app.
export default async function globalSetup() {
  const modules = await startRealtimeMock({ port: 6001 });
  return () => modules.stop();
}

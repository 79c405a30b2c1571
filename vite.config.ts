import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development and preview the app talks to /api, which forwards to the mocks: the realtime mock
// answers what it must compute (channel signatures, queued long-poll events), Prism the rest.
const prism = process.env.MOCK_HTTP_URL ?? 'http://127.0.0.1:4010';
const realtime = process.env.MOCK_REALTIME_URL ?? 'http://127.0.0.1:6001';
const strip = (path: string) => path.replace(/^\/api/, '');
const proxy = {
  // The company's web modules (config.iframeBase); locally the realtime mock serves stand-in pages.
  '/modules': { target: realtime },
  '/api/broadcasting': { target: realtime, rewrite: strip },
  '/api/global-long-polling': { target: realtime, rewrite: strip },
  '/api': { target: prism, rewrite: strip },
};

export default defineConfig({
  plugins: [react()],
  // Only the app is an entry: docs-dist/ holds generated HTML pages that are not part of it.
  optimizeDeps: { entries: ['index.html'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: { target: 'es2022', sourcemap: true },
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Let the static app shell of index.html paint before the start's work takes the main thread.
await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const context = await bootstrap();
createRoot(root).render(
  <StrictMode>
    <App context={context} />
  </StrictMode>,
);

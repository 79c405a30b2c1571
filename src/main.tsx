import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { startTheme } from './shared/ui/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startTheme();

// No top-level await here: a module graph with one disables Rolldown's chunk optimisations (common
// chunks merged into the entry), which split the start into 30 tiny files, each a round trip on a phone.
// The built index.html runs this module only after its static app shell has painted (scripts/lib/first-paint.ts).
void (async () => {
  const context = await bootstrap();
  // A transition: React renders the first screen in slices of a few milliseconds, yielding between them,
  // instead of one task of 150–190 ms on a phone (measured on Home), and commits it in one go.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App context={context} />
      </StrictMode>,
    ),
  );
})();

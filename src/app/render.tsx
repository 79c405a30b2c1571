// The app's first render: React's DOM renderer (about half of the start's JavaScript) and the app's
// component tree. main.tsx asks for this module while bootstrap() runs, so the start's requests (the
// storage, the texts, the user data, the first screen's code) go out before the renderer is evaluated,
// and its evaluation is a task of its own instead of part of the entry's (issue 36). index.html
// preloads it for every start (scripts/lib/start-screen-preload.ts).
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import type { AppContext } from './bootstrap.ts';

export function renderApp(root: HTMLElement, context: AppContext): void {
  // A transition: React renders the first screen in slices of a few milliseconds, yielding between them,
  // instead of one task of 150–190 ms on a phone (measured on Home), and commits it in one go.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App context={context} />
      </StrictMode>,
    ),
  );
}

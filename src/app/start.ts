// The start: bootstrap() (storage, texts, session) and the renderer's code load side by side; the app
// renders once both are there. The renderer's code is retried like any other chunk; when it still cannot
// load, index.html's start screen says so and offers to try again, rather than spin for ever.
import { retryImport } from '../shared/loading/retry-import.ts';
import type { AppContext } from './bootstrap.ts';
import { showStartNotice } from './start-notice.ts';

/** Said on the start screen (English, as that screen is) when the app's code cannot be loaded. */
export const START_FAILED_TEXT = 'The app could not be loaded. Check your connection and try again.';

interface Renderer {
  renderApp(root: HTMLElement, context: AppContext): void;
}

export async function startApp(root: HTMLElement, start: () => Promise<AppContext>, loadRenderer: () => Promise<Renderer>, delays?: readonly number[]): Promise<void> {
  const renderer = retryImport(loadRenderer, delays);
  // Not unhandled while bootstrap() runs: the failure is handled below, once the context is there.
  renderer.catch(() => undefined);
  const context = await start();
  let loaded: Renderer;
  try {
    loaded = await renderer;
  } catch (error) {
    console.error('The app could not be loaded', error);
    showStartNotice(root, START_FAILED_TEXT, { busy: false });
    return;
  }
  loaded.renderApp(root, context);
}

// Run before every unit and component test file (vitest.config.ts setupFiles).
//
// Every test starts with no alert in the app's alert queue (../ui/alert-queue.ts).
//
// Every component renders under React's StrictMode (below).
//
// In a DOM environment, Testing Library's waits (findBy…, waitFor) wait on state for up to 5 s instead of
// its default 1 s: a wait ends as soon as the screen shows what it waits for, and on a loaded 2-core
// machine a screen's first answer and render can take longer than a second.
//
// The unit project runs its files without per-file isolation (vitest.config.ts): the files of a worker
// share one process, one DOM environment and the dependencies loaded from node_modules (React, jsdom,
// Testing Library: the costly part of an import). What one file leaves behind is undone here,
// after the file's own afterAll, so that every file starts as it would in a worker of its own:
//   - the project's own modules (src/**, generated/**) load afresh: no module-level state (the alert
//     queue, the access token, the chat database's open connection, the event bus, the caches) and no
//     module evaluated against another file's vi.mock reaches the next file (vi.resetModules resets
//     exactly what Vitest loads itself; node_modules stay loaded);
//   - the DOM: what Testing Library rendered is unmounted, and the body, the head's added nodes, the root
//     element's attributes (lang, data-theme, style) and the history's address and state (what
//     src/shared/routes/back-or.ts reads) are as the environment made them;
//   - the globals: stubs (vi.stubGlobal, vi.stubEnv), spies (vi.spyOn), fake timers, Web Storage, and
//     the in-memory IndexedDB (fake-indexeddb) of the file.
import { afterAll, afterEach, vi } from 'vitest';
import { alertQueue } from '../ui/alert-queue.ts';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
  // Every render (renderApp, renderChat, the kits, Testing Library's own render and renderHook) is under
  // React's StrictMode from the root, as the app runs (src/app/render.tsx): a component that breaks when
  // mounted, unmounted and mounted again (the development double mount of `npm start`) fails its test.
  // A StrictMode placed lower in the tree does not run effects twice; `reactStrictMode: false` in a
  // render's options opts one out.
  const react = await import('@testing-library/react');
  react.configure({ reactStrictMode: true });
}

/** The address, the head's nodes and the root element's attributes as the environment made them (kept by the first file). */
const PRISTINE = Symbol.for('ess-workplace.vitest-setup.pristine-document');
type Pristine = { href: string; head: Set<ChildNode>; rootAttributes: Map<string, string> };
const withPristine = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
if (typeof document !== 'undefined') {
  withPristine[PRISTINE] ??= {
    href: window.location.href,
    head: new Set(document.head.childNodes),
    rootAttributes: new Map([...document.documentElement.attributes].map((attribute) => [attribute.name, attribute.value])),
  };
}

// Every test starts with no alert open: one a test left unanswered would otherwise be the first one the
// next test sees (the queue shows one alert at a time). Runs after the file's own afterEach (its cleanup).
afterEach(() => {
  if (alertQueue.getSnapshot().length > 0) alertQueue.set([]);
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const pristine = withPristine[PRISTINE];
  if (typeof document !== 'undefined' && pristine) {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    document.body.replaceChildren();
    window.history.replaceState(null, '', pristine.href);
    for (const node of [...document.head.childNodes]) if (!pristine.head.has(node)) node.remove();
    const root = document.documentElement;
    for (const { name } of [...root.attributes]) if (!pristine.rootAttributes.has(name)) root.removeAttribute(name);
    for (const [name, value] of pristine.rootAttributes) root.setAttribute(name, value);
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  // fake-indexeddb/auto installs its factory on the global once per process: the next file gets an empty one.
  if (typeof indexedDB !== 'undefined') {
    const { IDBFactory } = await import('fake-indexeddb');
    if (indexedDB instanceof IDBFactory) globalThis.indexedDB = new IDBFactory();
  }
  vi.resetModules();
});

// A Vite plugin and the build's chunk groups for the screens people open first (Home, a chat room).
//
// Chunks: `startScreenChunks()` (vite.config.ts) puts everything the entry imports statically into the
// entry's file, the renderer (React DOM and the app's tree, which main.tsx imports beside bootstrap() so
// that the start's requests go out before it is evaluated) into `render`, each start screen's own code into one file named after it, what other lazy code uses too
// into `<screen>-shared`, and what several start screens share (the data layer, the generated SDK and
// zod, shared UI) into `start-common`. Left to itself the bundler cut Home's start into about 20 files of 1–3 KB, and a phone on a
// slow network pays a round trip for each.
//
// Preloads: for a start on such a screen the browser fetches its code while the entry script is still
// downloading, instead of after it has run (the app only asks for it once storage and the session are
// open). index.html preloads the renderer for every start, and gets a tiny inline script that adds `modulepreload` links for the screen's chunks
// when the page opened is one of its paths; any other start fetches nothing extra.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The start screens and the paths they open on; keep in step with preloadStartScreen (src/app/routes.tsx). */
export const START_SCREENS: ReadonlyArray<{ name: string; paths: readonly string[]; modules: readonly string[] }> = [
  { name: 'home', paths: ['/', '/home'], modules: ['src/app/home/home-page.tsx', 'src/app/tab-shell.tsx'] },
  {
    name: 'chat-room',
    paths: ['/chats/chat', '/live-chat/chat-room'],
    modules: ['src/features/chat/room/chat-room-screen.tsx', 'src/app/tab-shell.tsx'],
  },
];
/** The module every start renders with (main.tsx imports it beside bootstrap()). */
export const RENDERER_MODULE = 'src/app/render.tsx';

interface GraphInfo {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
type ChunkingGraph = { getModuleInfo(id: string): GraphInfo | null };

/** Everything `roots` import statically, transitively, themselves included (ids the graph does not know are left out). */
function closure(graph: ChunkingGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((id) => graph.getModuleInfo(id));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk each module a start screen imports statically (transitively) belongs to: `start-common` when
 * several start screens import it; else the screen's name when only that screen's code imports it, or
 * `<screen>-shared` when other lazy code imports it too (in the screen's chunk it would make that code
 * load the whole screen: measured, the badge's setup fetched the chat room's chunk on Home). Null for
 * every other module (the bundler decides). What the entry
 * imports statically is claimed first by the entry's group (`$initial`, a higher priority), so the walk
 * may pass through it: a library's index that the entry imports is how a screen reaches the parts of the
 * library the entry does not use.
 */
export function startChunkNamer(root = process.cwd()): (id: string, graph: ChunkingGraph) => string | null {
  let owners: Map<string, string> | undefined;
  /** The part of a closure imported (statically or not) only from inside it, besides its roots. */
  const exclusive = (graph: ChunkingGraph, members: Set<string>, roots: ReadonlySet<string>) => {
    const kept = new Set(members);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of kept) {
        if (roots.has(id)) continue;
        const info = graph.getModuleInfo(id);
        if ([...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some((importer) => !kept.has(importer))) {
          kept.delete(id);
          changed = true;
        }
      }
    }
    return kept;
  };
  return (id, graph) => {
    if (!owners) {
      owners = new Map();
      const screens = START_SCREENS.map((screen) => {
        const roots = new Set(screen.modules.map((module) => resolve(root, module)));
        const members = closure(graph, [...roots]);
        return { name: screen.name, roots, members };
      });
      for (const { name, roots, members } of screens) {
        const own = exclusive(graph, members, roots);
        for (const module of members) {
          if (screens.some((other) => other.name !== name && other.members.has(module))) owners.set(module, 'start-common');
          else owners.set(module, own.has(module) ? name : `${name}-shared`);
        }
      }
    }
    // An icon module goes where the bundler puts it (with the screens that use it): icons.tsx re-exports
    // every icon of the app, so each would otherwise be in both start screens' graphs and land in
    // start-common, whichever lazy screen really uses it (measured: Home's services grid, +8 KB on Home).
    if (LUCIDE_ICON.test(id)) return null;
    return owners.get(id) ?? null;
  };
}

/** One icon's module of the icon set (lucide-react's per-icon ES modules). */
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * `render` for each module the renderer (RENDERER_MODULE) imports statically, transitively, that the
 * entry does not (the `$initial` group claims those first): React DOM and the app's tree in one file,
 * which every start needs, whichever screen it opens. Icons go where the bundler puts them.
 */
export function rendererChunkNamer(root = process.cwd()): (id: string, graph: ChunkingGraph) => string | null {
  let members: Set<string> | undefined;
  return (id, graph) => {
    members ??= closure(graph, [resolve(root, RENDERER_MODULE)]);
    return members.has(id) && !LUCIDE_ICON.test(id) ? 'render' : null;
  };
}

/** The build's chunk groups (build.rolldownOptions.output.codeSplitting in vite.config.ts). */
export function startScreenChunks() {
  return {
    groups: [
      // The entry's whole static graph in one file (the entry's).
      { name: 'app', tags: ['$initial' as const], priority: 3 },
      // The renderer and what only it imports at the start, in one file.
      { name: rendererChunkNamer(), debugName: 'renderer', priority: 2, includeDependenciesRecursively: false },
      // Each start screen's code in one file, what they share in another (the modules are computed from the graph).
      { name: startChunkNamer(), debugName: 'start screens', priority: 1, includeDependenciesRecursively: false },
    ],
  };
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
}

/** The chunks each start screen needs beyond what the entry loads statically, as [paths, files]. */
/**
 * Paths of the chunks holding `modules` and of the chunks they import statically, transitively, leaving
 * out what the entry loads statically (fetched anyway: only the rest is worth a hint).
 */
function hintsFor(chunks: readonly ChunkLike[], modules: readonly string[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // Each chunk before what it imports, in import order: the order of the hints.
  const reach = (from: readonly string[], into = new Set<string>()) => {
    for (const name of from) {
      if (into.has(name)) continue;
      into.add(name);
      reach(byName.get(name)?.imports ?? [], into);
    }
    return into;
  };
  const normalise = (id: string) => id.replaceAll('\\', '/');
  const holders = modules.flatMap((module) => chunks.find((chunk) => chunk.moduleIds.some((id) => normalise(id).endsWith(`/${module}`)))?.fileName ?? []);
  const loadedByEntry = reach(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  return [...reach(holders)].filter((name) => !loadedByEntry.has(name)).map((name) => `/${name}`);
}

/** The chunks each start screen needs beyond what the entry loads statically, as [paths, files]. */
export function startPreloads(chunks: readonly ChunkLike[]): Array<[readonly string[], string[]]> {
  return START_SCREENS.map(({ paths, modules }): [readonly string[], string[]] => [paths, hintsFor(chunks, modules)]).filter(([, files]) => files.length > 0);
}

/** The renderer's chunk and the chunks it imports statically that the entry does not load, as paths. */
export function rendererPreloads(chunks: readonly ChunkLike[]): string[] {
  return hintsFor(chunks, [RENDERER_MODULE]);
}

export function startScreenPreload(): Plugin {
  return {
    name: 'ess:start-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as unknown as ChunkLike[];
        const preloads = startPreloads(chunks);
        // The renderer (src/app/render.tsx) is needed by every start: fetched beside the entry.
        const renderer = rendererPreloads(chunks).map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const }));
        if (preloads.length === 0) return { html, tags: renderer };
        const script =
          `for(const[p,f]of ${JSON.stringify(preloads)})if(p.includes(location.pathname))` +
          `for(const href of f)document.head.appendChild(Object.assign(document.createElement('link'),{rel:'modulepreload',href}))`;
        return { html, tags: [...renderer, { tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

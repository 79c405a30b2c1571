// The size budgets of the build, read from its chunk graph: no browser and no timing, so the same build
// always gives the same figures and `npm test` fails on any miss (scripts/budgets.ts, right after the
// build; `npm run bench` measures them too, as its part `js`). Sizes are gzip -9, 1 KB = 1024 bytes.
//   - Initial JavaScript: what every start evaluates before the app renders (index.html's module scripts
//     and modulepreloads, the chunk graph's entry, and their static imports), at most INITIAL_JS_BUDGET_KB.
//   - Per start route, the JavaScript a returning user's browser evaluates before its first content
//     (ROUTE_BUDGETS).
//
// A route's set is read from the build, not from hashed file names: the build writes its chunk graph
// (dist/.vite/chunk-graph.json, by `chunkGraph()` below, in vite.config.ts): each chunk's file, the source
// modules it holds and the chunks it imports statically. The set is the entry (index.html's module script)
// and its static import graph, plus the chunk(s) holding each of the route's screen modules and their static
// import graphs (a screen's module may be merged into a bigger chunk, or behind a facade). Dynamic imports
// are not followed: what the app loads later (a modal, or the work that waits for "after first content",
// src/shared/scheduling/after-first-content.ts) is not evaluated before the first content. Which screens a
// route loads before its first content is declared in ROUTE_BUDGETS, from the app's start
// (preloadStartScreen in src/app/routes.tsx, and the route table: a tab route renders inside the tab shell);
// `node scripts/bench/route-scripts.ts` compares the sets with what Chromium really requests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface RouteBudget {
  /** How the figure is named in the bench's output. */
  name: string;
  /** The route (a chat room is /chats/chat?uuid=…). */
  path: string;
  /** The source modules (paths from the project's root) whose code the app evaluates before the route's first content. */
  screens: readonly string[];
  /** At most this many KB (1,024 bytes) of gzip -9 JavaScript. */
  budgetKb: number;
}

/** Initial JavaScript, at most this many KB (1,024 bytes) of gzip -9 (today's build: 109.4 KB, the renderer's chunk included). */
export const INITIAL_JS_BUDGET_KB = 110;

/**
 * The route budgets, each set just above what the build reaches (today Home 152.9 KB, the chat room
 * 153.9 KB; 164.9 and 165.9 KB before issue 36 took i18next out): the entry, the tab shell, the screen, the icon set's shared code and the icons a first screen
 * draws, the dialog element's focus handling in the alert host, the states and post card of the feed.
 * Issue 37 raised each by 1 KB, on purpose, for what a first screen now shows (docs/performance.md):
 * a post's like count, the account entry's place and the rail on every screen, a room's "New messages"
 * divider and message gestures' hooks, the first visit's language, and four feed calls in the
 * generated layer. Tighten them when the start gets lighter; never loosen them to let a regression in.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // A returning user's start on Home preloads the tab shell and Home's screen (preloadStartScreen).
  { name: 'Home', path: '/home', screens: ['src/app/tab-shell.tsx', 'src/app/home/home-page.tsx'], budgetKb: 153 },
  // A chat room is a tab route: the tab shell renders, then the room's screen.
  { name: 'chat room', path: '/chats/chat', screens: ['src/app/tab-shell.tsx', 'src/features/chat/room/chat-room-screen.tsx'], budgetKb: 154 },
];

/** One chunk of the build: its file (inside dist), what it holds, and the files it imports. */
export interface GraphChunk {
  file: string;
  isEntry: boolean;
  /** The module a dynamic import() of which this chunk answers (its facade), if any. */
  facade: string | null;
  /** The source modules in it, from the project's root (dependencies under node_modules left out). */
  modules: string[];
  /** Files it imports statically (loaded and evaluated before it). */
  imports: string[];
  /** Files it imports with import(): loaded later, if ever. */
  dynamicImports: string[];
}
export interface ChunkGraph {
  chunks: GraphChunk[];
}

export const CHUNK_GRAPH_PATH = '.vite/chunk-graph.json';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
}

/**
 * A Vite plugin: the build writes its chunk graph (dist/.vite/chunk-graph.json) for the budgets. nginx
 * answers dot-paths 404, and the service worker's precache patterns leave .json outside assets/i18n out;
 * a build for the native shells (`--mode native`: native:sync, release:ota) leaves it out, so neither the
 * shells nor an update package carry it.
 */
export function chunkGraph(): Plugin {
  let root = process.cwd();
  let write = true;
  return {
    name: 'ess:chunk-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      write = config.mode !== 'native';
    },
    generateBundle(_options, bundle) {
      if (!write) return;
      const fromRoot = (id: string) => relative(root, id.replace(/\?.*$/, '')).split(sep).join('/');
      const ownModule = (id: string) => !id.startsWith('\0') && !id.includes('/node_modules/') && !fromRoot(id).startsWith('..');
      const chunks: GraphChunk[] = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((output) => {
          const chunk = output as unknown as BundleChunk;
          return {
            file: chunk.fileName,
            isEntry: chunk.isEntry,
            facade: chunk.facadeModuleId && ownModule(chunk.facadeModuleId) ? fromRoot(chunk.facadeModuleId) : null,
            modules: chunk.moduleIds.filter(ownModule).map(fromRoot),
            imports: chunk.imports,
            dynamicImports: chunk.dynamicImports,
          };
        });
      this.emitFile({ type: 'asset', fileName: CHUNK_GRAPH_PATH, source: `${JSON.stringify({ chunks } satisfies ChunkGraph)}\n` });
    },
  };
}

export function readChunkGraph(dist: string): ChunkGraph {
  const path = join(dist, CHUNK_GRAPH_PATH);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the app with chunkGraph() (vite.config.ts) to measure the route budgets`);
  return JSON.parse(readFileSync(path, 'utf8')) as ChunkGraph;
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** The files (paths inside dist) index.html loads as module scripts or modulepreloads. */
export function pageScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, name, rest] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = attributesOf(rest!);
    const src = name!.toLowerCase() === 'script' ? attributes.type === 'module' && attributes.src : attributes.rel === 'modulepreload' && attributes.href;
    if (src) found.push(new URL(src, 'http://app.local/').pathname.slice(1));
  }
  return found;
}

/** The files (in load order, each once) of the static import graphs of `roots`; throws on a file the graph lacks. */
function staticGraph(graph: ChunkGraph, roots: ReadonlyArray<{ file: string; from: string }>): string[] {
  const byFile = new Map(graph.chunks.map((chunk) => [chunk.file, chunk]));
  const files: string[] = [];
  const visit = (file: string, from: string) => {
    if (files.includes(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`the chunk graph has no ${file} (imported by ${from})`);
    files.push(file);
    for (const imported of chunk.imports) visit(imported, file);
  };
  for (const root of roots) visit(root.file, root.from);
  return files.filter((file) => file.endsWith('.js'));
}

/**
 * The JavaScript files (paths inside dist, in load order, each once) evaluated before the app renders
 * anything: the chunk graph's entry, what index.html loads itself (`page`, from pageScripts), and their
 * static imports.
 */
export function initialScripts(graph: ChunkGraph, page: readonly string[] = []): string[] {
  const entries = graph.chunks.filter((chunk) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the chunk graph has no entry');
  return staticGraph(graph, [...entries.map((entry) => ({ file: entry.file, from: 'the chunk graph' })), ...page.map((file) => ({ file, from: 'index.html' }))]);
}

/**
 * The JavaScript files (paths inside dist, in load order, each once) evaluated before the first content
 * of a route that loads `screens`: the initial scripts, then each screen's static graph.
 */
export function routeScripts(graph: ChunkGraph, screens: readonly string[], page: readonly string[] = []): string[] {
  const initial = initialScripts(graph, page);
  const holders = screens.flatMap((screen) => {
    // Its facade (what import() loads) and the chunk that holds its code: often one and the same.
    const found = graph.chunks.filter((chunk) => chunk.facade === screen || chunk.modules.includes(screen));
    if (found.length === 0) {
      throw new Error(`${screen} is in no chunk of this build (renamed or removed? update ROUTE_BUDGETS in scripts/lib/route-budgets.ts)`);
    }
    return found.map((holder) => ({ file: holder.file, from: screen }));
  });
  return [...new Set([...initial, ...staticGraph(graph, holders)])];
}

export interface RouteMeasure {
  budget: RouteBudget;
  files: Array<{ file: string; bytes: number }>;
  /** gzip -9 bytes of all files. */
  bytes: number;
  over: boolean;
}

export const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Each route's JavaScript before first content in the build in `dist`, against its budget. */
export function measureRoutes(dist: string, budgets: readonly RouteBudget[] = ROUTE_BUDGETS): RouteMeasure[] {
  const graph = readChunkGraph(dist);
  const page = pageScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  return budgets.map((budget) => {
    const files = measureFiles(dist, routeScripts(graph, budget.screens, page));
    const bytes = files.reduce((total, file) => total + file.bytes, 0);
    return { budget, files, bytes, over: bytes > budget.budgetKb * 1024 };
  });
}

const measureFiles = (dist: string, files: readonly string[]) => files.map((file) => ({ file, bytes: gzipBytes(join(dist, file)) }));

export interface SizeMeasure {
  initial: { files: Array<{ file: string; bytes: number }>; bytes: number; budgetKb: number; over: boolean };
  routes: RouteMeasure[];
  /** All JavaScript of the app (dist/assets) and of its service worker (dist/*.js), gzip -9: figures, no budget. */
  allAppJs: { bytes: number; files: number };
  serviceWorkerJs: { bytes: number; files: number };
}

/** Every size budget of the build in `dist`: initial JavaScript and each route's; throws when the build cannot be measured. */
export function measureSizes(dist: string, budgets: readonly RouteBudget[] = ROUTE_BUDGETS): SizeMeasure {
  const graph = readChunkGraph(dist);
  const files = measureFiles(dist, initialScripts(graph, pageScripts(readFileSync(join(dist, 'index.html'), 'utf8'))));
  const bytes = files.reduce((total, file) => total + file.bytes, 0);
  const total = (paths: string[]) => ({ bytes: paths.reduce((sum, path) => sum + gzipBytes(path), 0), files: paths.length });
  const assets = join(dist, 'assets');
  const appJs = existsSync(assets)
    ? readdirSync(assets, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js')).map((entry) => join(entry.parentPath, entry.name))
    : [];
  const workerJs = readdirSync(dist).filter((file) => file.endsWith('.js')).map((file) => join(dist, file));
  return {
    initial: { files, bytes, budgetKb: INITIAL_JS_BUDGET_KB, over: bytes > INITIAL_JS_BUDGET_KB * 1024 },
    routes: measureRoutes(dist, budgets),
    allAppJs: total(appJs),
    serviceWorkerJs: total(workerJs),
  };
}

/** "Home: 123.4 KB gzip (budget 125 KB) in 31 files". */
export const describeRoute = (measure: RouteMeasure) =>
  `${measure.budget.name} (${measure.budget.path}) JS before first content: ${kb(measure.bytes)} KB gzip (budget ${measure.budget.budgetKb} KB) in ${measure.files.length} files`;

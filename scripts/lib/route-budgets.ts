// The JavaScript a returning user's browser evaluates before a route's first content, per route, and its
// budget (gzip -9, 1 KB = 1024 bytes): deterministic sizes, so `npm test` fails on them (scripts/bench.ts,
// part `js`), unlike the timings, which move with the machine's load.
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
import { existsSync, readFileSync } from 'node:fs';
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

/**
 * The budgets, set just above what issue 20's performance work reached (Home 158.1 KB in 5 files, the
 * chat room 159.2 KB; before it, 173.4 KB in 52 files and 175.6 KB in 59), then raised once, by issue 22's
 * design system, to just above what it reached (Home 163.5 KB, the chat room 164.7 KB, initial 120.7 KB;
 * issue 22 allows initial JavaScript up to 130 KB): the icon set's shared code and the icons a first screen
 * draws, the dialog element's focus handling in the alert host, the states and post card of the feed.
 * Lighthouse's Home budget (≥ 95) held (README, Performance). Tighten them when the start gets lighter;
 * never loosen them to let a regression in.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // A returning user's start on Home preloads the tab shell and Home's screen (preloadStartScreen).
  { name: 'Home', path: '/home', screens: ['src/app/tab-shell.tsx', 'src/app/home/home-page.tsx'], budgetKb: 165 },
  // A chat room is a tab route: the tab shell renders, then the room's screen.
  { name: 'chat room', path: '/chats/chat', screens: ['src/app/tab-shell.tsx', 'src/features/chat/room/chat-room-screen.tsx'], budgetKb: 166 },
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

/**
 * The JavaScript files (paths inside dist, in load order, each once) evaluated before the first content
 * of a route that loads `screens`: the entry's static graph, then each screen's.
 */
export function routeScripts(graph: ChunkGraph, screens: readonly string[]): string[] {
  const byFile = new Map(graph.chunks.map((chunk) => [chunk.file, chunk]));
  const files: string[] = [];
  const visit = (file: string, from: string) => {
    if (files.includes(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`the chunk graph has no ${file} (imported by ${from})`);
    files.push(file);
    for (const imported of chunk.imports) visit(imported, file);
  };
  const entries = graph.chunks.filter((chunk) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the chunk graph has no entry');
  for (const entry of entries) visit(entry.file, 'the page');
  for (const screen of screens) {
    // Its facade (what import() loads) and the chunk that holds its code: often one and the same.
    const holders = graph.chunks.filter((chunk) => chunk.facade === screen || chunk.modules.includes(screen));
    if (holders.length === 0) {
      throw new Error(`${screen} is in no chunk of this build (renamed or removed? update ROUTE_BUDGETS in scripts/lib/route-budgets.ts)`);
    }
    for (const holder of holders) visit(holder.file, screen);
  }
  return files.filter((file) => file.endsWith('.js'));
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
  return budgets.map((budget) => {
    const files = routeScripts(graph, budget.screens).map((file) => ({ file, bytes: gzipBytes(join(dist, file)) }));
    const bytes = files.reduce((total, file) => total + file.bytes, 0);
    return { budget, files, bytes, over: bytes > budget.budgetKb * 1024 };
  });
}

/** "Home: 123.4 KB gzip (budget 125 KB) in 31 files". */
export const describeRoute = (measure: RouteMeasure) =>
  `${measure.budget.name} (${measure.budget.path}) JS before first content: ${kb(measure.bytes)} KB gzip (budget ${measure.budget.budgetKb} KB) in ${measure.files.length} files`;

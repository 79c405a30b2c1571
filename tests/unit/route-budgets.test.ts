// The size budgets: initial JavaScript, and the JavaScript a returning user evaluates before Home's and a
// chat room's first content, read from the build's chunk graph, fail `npm test`'s budgets step
// (scripts/budgets.ts) once they pass their budget. Shown on small fake builds: the real budgets' screens,
// chunks of incompressible bytes whose sizes put each route just under its budget, then one regression at
// a time.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHUNK_GRAPH_PATH,
  initialScripts,
  INITIAL_JS_BUDGET_KB,
  measureRoutes,
  measureSizes,
  pageScripts,
  ROUTE_BUDGETS,
  routeScripts,
  type ChunkGraph,
  type GraphChunk,
} from '../../scripts/lib/route-budgets.ts';

const KB = 1024;
const TAB_SHELL = 'src/app/tab-shell.tsx';
const HOME = 'src/app/home/home-page.tsx';
const CHAT_ROOM = 'src/features/chat/room/chat-room-screen.tsx';
const home = ROUTE_BUDGETS.find((route) => route.name === 'Home')!;
const chatRoom = ROUTE_BUDGETS.find((route) => route.name === 'chat room')!;

/** A chunk of a fake build: its size, and the keys (below) of the chunks it imports. */
interface FakeChunk {
  file: string;
  bytes: number;
  isEntry?: boolean;
  facade?: string;
  modules?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function graphOf(chunks: Record<string, FakeChunk>): ChunkGraph {
  const fileOf = (key: string) => chunks[key]!.file;
  return {
    chunks: Object.values(chunks).map(
      ({ file, isEntry = false, facade = null, modules = facade ? [facade] : [], imports = [], dynamicImports = [] }): GraphChunk => ({
        file,
        isEntry,
        facade,
        modules,
        imports: imports.map(fileOf),
        dynamicImports: dynamicImports.map(fileOf),
      }),
    ),
  };
}

/**
 * A build as Vite writes it: dist/index.html loading the entry, dist/assets/*.js, and the chunk graph. Each
 * chunk holds random bytes, which gzip cannot shrink: its gzip -9 size is its size (plus a few bytes).
 */
function fakeDist(chunks: Record<string, FakeChunk>): string {
  const dist = mkdtempSync(join(tmpdir(), 'route-budgets-'));
  folders.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  for (const { file, bytes } of Object.values(chunks)) writeFileSync(join(dist, file), randomBytes(bytes));
  writeFileSync(join(dist, CHUNK_GRAPH_PATH), JSON.stringify(graphOf(chunks)));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><script type="module" crossorigin src="/${chunks.entry!.file}"></script>`);
  return dist;
}

/**
 * Today's app in miniature: an entry with a shared chunk, the tab shell, Home and the chat room (each
 * importing the shared chunk too, counted once), a modal Home loads lazily; each route 2 KB under budget.
 */
function appChunks(): Record<string, FakeChunk> {
  const entry = 30 * KB;
  const shared = 10 * KB;
  const shell = 1 * KB;
  return {
    entry: { file: 'assets/index-aaaa.js', bytes: entry, isEntry: true, facade: 'index.html', imports: ['shared'], dynamicImports: ['tabShell', 'home', 'chatRoom'] },
    shared: { file: 'assets/shared-bbbb.js', bytes: shared, modules: ['src/shared/ui/spinner.tsx'] },
    tabShell: { file: 'assets/tab-shell-cccc.js', bytes: shell, facade: TAB_SHELL, imports: ['shared'] },
    home: {
      file: 'assets/home-page-dddd.js',
      bytes: home.budgetKb * KB - 2 * KB - entry - shared - shell,
      facade: HOME,
      imports: ['shared'],
      dynamicImports: ['modal'],
    },
    chatRoom: { file: 'assets/chat-room-screen-eeee.js', bytes: chatRoom.budgetKb * KB - 2 * KB - entry - shared - shell, facade: CHAT_ROOM, imports: ['shared'] },
    modal: { file: 'assets/more-modal-ffff.js', bytes: 50 * KB, facade: 'src/features/more/more-modal.tsx' },
  };
}

/** Adds a 5 KB chunk that `importer` imports statically (or lazily). */
function withBigImport(chunks: Record<string, FakeChunk>, importer: string, kind: 'imports' | 'dynamicImports' = 'imports'): Record<string, FakeChunk> {
  const into = chunks[importer]!;
  return { ...chunks, [importer]: { ...into, [kind]: [...(into[kind] ?? []), 'big'] }, big: { file: 'assets/big-library-9999.js', bytes: 5 * KB } };
}

const verdicts = (dist: string) => Object.fromEntries(measureRoutes(dist).map((route) => [route.budget.name, route.over ? 'over' : 'within']));

describe('the JavaScript before a route’s first content', () => {
  it('is the entry’s static graph and the route’s screens’ static graphs, each file once; lazy imports are left out', () => {
    const graph = graphOf(appChunks());
    expect(routeScripts(graph, home.screens)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js', 'assets/home-page-dddd.js']);
    expect(routeScripts(graph, chatRoom.screens)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js', 'assets/chat-room-screen-eeee.js']);
  });

  it('finds a screen merged into a bigger chunk, and the chunk behind a screen’s facade', () => {
    const chunks = appChunks();
    // Home's code grouped with the tab shell's into one chunk that has no facade of its own.
    const others = Object.fromEntries(Object.entries(chunks).filter(([key]) => key !== 'home'));
    const merged = graphOf({ ...others, entry: { ...chunks.entry!, dynamicImports: ['tabShell', 'chatRoom'] }, tabShell: { ...chunks.tabShell!, modules: [TAB_SHELL, HOME] } });
    expect(routeScripts(merged, home.screens)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js']);
    // A facade (what import() loads) re-exporting from the chunk that holds the code.
    const facaded = graphOf({ ...chunks, home: { ...chunks.home!, bytes: 100, modules: [], imports: ['homeCode'] }, homeCode: { file: 'assets/home-code-gggg.js', bytes: 10 * KB, modules: [HOME] } });
    expect(routeScripts(facaded, home.screens)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js', 'assets/home-page-dddd.js', 'assets/home-code-gggg.js']);
  });

  it('refuses a screen the build does not have, rather than measuring less', () => {
    const dist = fakeDist(appChunks());
    const renamed = [{ ...home, screens: [TAB_SHELL, 'src/app/home/home-screen.tsx'] }];
    expect(() => measureRoutes(dist, renamed)).toThrow(/src\/app\/home\/home-screen\.tsx is in no chunk of this build/);
  });
});

describe('the route budgets', () => {
  it('pass a build just under them', () => {
    const dist = fakeDist(appChunks());
    expect(verdicts(dist)).toEqual({ Home: 'within', 'chat room': 'within' });
    const [homeMeasure] = measureRoutes(dist);
    expect(homeMeasure!.bytes).toBeGreaterThan(home.budgetKb * KB - 3 * KB);
  });

  it('fail Home, and only Home, when Home’s chunk imports 5 KB more statically', () => {
    expect(verdicts(fakeDist(withBigImport(appChunks(), 'home')))).toEqual({ Home: 'over', 'chat room': 'within' });
  });

  it('fail the chat room when its screen imports 5 KB more statically', () => {
    expect(verdicts(fakeDist(withBigImport(appChunks(), 'chatRoom')))).toEqual({ Home: 'within', 'chat room': 'over' });
  });

  it('fail both when a chunk of the entry’s static graph grows', () => {
    expect(verdicts(fakeDist(withBigImport(appChunks(), 'shared')))).toEqual({ Home: 'over', 'chat room': 'over' });
  });

  it('leave out what Home loads lazily (after its first content)', () => {
    expect(verdicts(fakeDist(withBigImport(appChunks(), 'home', 'dynamicImports')))).toEqual({ Home: 'within', 'chat room': 'within' });
  });
});

describe('initial JavaScript', () => {
  it('is the entry’s static graph and what index.html loads itself, each file once; lazy imports are left out', () => {
    const chunks = appChunks();
    const graph = graphOf(chunks);
    expect(initialScripts(graph)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js']);
    // A modulepreload of index.html counts, with its static imports, on every route too.
    const page = pageScripts(`<link rel="modulepreload" crossorigin href="/assets/index-aaaa.js"><link rel="modulepreload" href="/assets/tab-shell-cccc.js"><script src="/registerSW.js"></script>`);
    expect(page).toEqual(['assets/index-aaaa.js', 'assets/tab-shell-cccc.js']);
    expect(initialScripts(graph, page)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js']);
    expect(routeScripts(graph, chatRoom.screens, page)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js', 'assets/tab-shell-cccc.js', 'assets/chat-room-screen-eeee.js']);
  });

  it('refuses a script index.html loads that the chunk graph does not have, rather than measuring less', () => {
    expect(() => initialScripts(graphOf(appChunks()), ['assets/other-zzzz.js'])).toThrow('the chunk graph has no assets/other-zzzz.js (imported by index.html)');
  });

  it(`fails its budget (${INITIAL_JS_BUDGET_KB} KB) when the entry’s static graph passes it, whatever the routes do`, () => {
    const chunks = appChunks();
    const within = measureSizes(fakeDist(chunks)).initial;
    expect(within.files.map((file) => file.file)).toEqual(['assets/index-aaaa.js', 'assets/shared-bbbb.js']);
    expect(within.over).toBe(false);
    const heavy = { ...chunks, entry: { ...chunks.entry!, bytes: INITIAL_JS_BUDGET_KB * KB } };
    expect(measureSizes(fakeDist(heavy)).initial.over).toBe(true);
  });
});

describe('npm test’s budgets step (scripts/budgets.ts)', () => {
  // Run in an empty folder, so its figures do not land in the checkout's .tmp/figures.jsonl.
  const budgets = (dist: string) => spawnSync(process.execPath, [resolve('scripts/budgets.ts'), '--dist', dist], { cwd: dist, encoding: 'utf8', timeout: 60_000 });

  it('passes the build within its budgets', () => {
    const dist = fakeDist(appChunks());
    const run = budgets(dist);
    expect(run.stdout).toContain(`budget ${home.budgetKb} KB`);
    expect(run.stdout).toContain('All size budgets met.');
    expect(run.status).toBe(0);
  });

  it('fails on a regression of Home’s JavaScript, and says which', () => {
    const dist = fakeDist(withBigImport(appChunks(), 'home'));
    const run = budgets(dist);
    expect(run.stdout).toMatch(new RegExp(`\\nBudget missed: Home JS before first content [\\d.]+ KB > ${home.budgetKb} KB\\n`));
    expect(run.stdout).not.toMatch(/missed: chat room/);
    expect(run.status).toBe(1);
  });

  it('fails when the build has no chunk graph, as it cannot measure it', () => {
    const dist = fakeDist(appChunks());
    rmSync(join(dist, CHUNK_GRAPH_PATH));
    const run = budgets(dist);
    expect(run.stdout).toMatch(/Budget missed: the build in .* cannot be measured: .*chunk-graph\.json is missing/);
    expect(run.status).toBe(1);
    expect(existsSync(join(dist, '.tmp'))).toBe(false);
  });
});

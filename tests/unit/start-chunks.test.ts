// The build's start: the entry runs after the shell's first paint, its stylesheets are inlined
// (first-paint.ts), and each start screen's code is one chunk, what they share another, both hinted from
// index.html (start-screen-preload.ts).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deferEntryUntilFirstPaint, MAX_INLINE_CSS_BYTES } from '../../scripts/lib/first-paint.ts';
import { RENDERER_MODULE, rendererChunkNamer, rendererPreloads, START_SCREENS, startChunkNamer, startPreloads } from '../../scripts/lib/start-screen-preload.ts';

const HTML = `<head>
    <style>.boot{}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
    <link rel="stylesheet" crossorigin href="/assets/big-123.css">
  </head>`;

describe('deferEntryUntilFirstPaint', () => {
  const assets: Record<string, string> = { 'assets/index-def.css': 'body{margin:0}\n', 'assets/big-123.css': `a{}${' '.repeat(MAX_INLINE_CSS_BYTES)}` };
  const out = deferEntryUntilFirstPaint(HTML, (name) => assets[name]);

  it('fetches the entry at once but runs it after the first frame', () => {
    expect(out).not.toContain('<script type="module" crossorigin src=');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(out).toContain(
      `<script type="module">const run=()=>import("/assets/index-abc.js");document.visibilityState==='hidden'?run():requestAnimationFrame(()=>requestAnimationFrame(run))</script>`,
    );
  });

  it('inlines small stylesheets and keeps large ones as links', () => {
    expect(out).toContain('<style>body{margin:0}</style>');
    // Beside the inlined one, a disabled link (never fetched): Vite's chunk loader then sees it is there.
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def.css" disabled>');
    expect(out.match(/index-def\.css/g)).toHaveLength(1);
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/big-123.css">');
  });

  it('refuses a page without exactly one entry script', () => {
    expect(() => deferEntryUntilFirstPaint('<head></head>', () => undefined)).toThrow(/one module entry script/);
  });
});

describe('the start screens’ chunks', () => {
  // A module graph: main → react; home-page → feed → zod, home-page → react; chat room → zod, tab-shell → ui.
  const root = '/app';
  const at = (path: string) => resolve(root, path);
  const home = START_SCREENS.find((screen) => screen.name === 'home')!;
  const chat = START_SCREENS.find((screen) => screen.name === 'chat-room')!;
  const [homePage, tabShell] = home.modules.map(at) as [string, string];
  const chatRoom = at(chat.modules[0]!);
  const graph: Record<string, string[]> = {
    [at('src/main.tsx')]: [at('node_modules/react/index.js')],
    [homePage]: [at('src/features/feed/feed.ts'), at('node_modules/react/index.js')],
    [at('src/features/feed/feed.ts')]: [at('node_modules/zod/index.js')],
    [chatRoom]: [at('node_modules/zod/index.js'), at('src/features/chat/room/message-list.tsx'), at('src/features/chat/api/chat-home.ts')],
    [tabShell]: [at('src/shared/ui/tab-bar.tsx')],
    [at('src/shared/ui/tab-bar.tsx')]: [],
    [at('src/features/chat/room/message-list.tsx')]: [],
    [at('src/features/chat/api/chat-home.ts')]: [],
    // Lazy code outside the start screens (loaded after Home's first content) that uses the chat's API.
    [at('src/features/badge/badge-setup.ts')]: [at('src/features/chat/api/chat-home.ts')],
    [at('node_modules/zod/index.js')]: [],
    [at('node_modules/react/index.js')]: [],
  };
  const importers = (id: string) => Object.keys(graph).filter((importer) => graph[importer]!.includes(id));
  const context = { getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id], importers: importers(id), dynamicImporters: [] } : null) };
  const name = startChunkNamer(root);

  it('puts what one start screen imports in its chunk, and what both import in start-common', () => {
    expect(name(homePage, context)).toBe('home');
    expect(name(at('src/features/feed/feed.ts'), context)).toBe('home');
    expect(name(chatRoom, context)).toBe('chat-room');
    expect(name(at('src/features/chat/room/message-list.tsx'), context)).toBe('chat-room');
    expect(name(at('node_modules/zod/index.js'), context)).toBe('start-common');
    // The tab shell opens both start screens.
    expect(name(at('src/shared/ui/tab-bar.tsx'), context)).toBe('start-common');
  });

  it('keeps out of a screen’s chunk what other lazy code imports too (it would load the whole screen)', () => {
    expect(name(at('src/features/chat/api/chat-home.ts'), context)).toBe('chat-room-shared');
  });

  it('leaves each icon to the bundler, though the icon module that re-exports them is in both start screens', () => {
    // icons.tsx re-exports every icon of the app: named here, each would land in start-common (and so in
    // Home's first paint) whichever lazy screen uses it.
    const icon = at('node_modules/lucide-react/dist/esm/icons/ship.mjs');
    const icons = at('src/shared/ui/icons.tsx');
    const withIcons: Record<string, string[]> = { ...graph, [tabShell]: [at('src/shared/ui/tab-bar.tsx'), icons], [chatRoom]: [...graph[chatRoom]!, icons], [icons]: [icon], [icon]: [] };
    const iconImporters = (id: string) => Object.keys(withIcons).filter((importer) => withIcons[importer]!.includes(id));
    const iconContext = { getModuleInfo: (id: string) => (withIcons[id] ? { importedIds: withIcons[id], importers: iconImporters(id), dynamicImporters: [] } : null) };
    const nameWithIcons = startChunkNamer(root);
    expect(nameWithIcons(icons, iconContext)).toBe('start-common');
    expect(nameWithIcons(icon, iconContext)).toBeNull();
  });

  it('leaves to the bundler what no start screen imports', () => {
    expect(name(at('src/features/calls/call-screen.tsx'), context)).toBeNull();
  });

  it('hints each start screen’s chunks, not the ones the entry loads anyway, for its paths', () => {
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({ type: 'chunk' as const, fileName, isEntry, moduleIds, imports });
    const preloads = startPreloads([
      chunk('assets/index.js', [at('src/main.tsx')], ['assets/runtime.js'], true),
      chunk('assets/runtime.js', []),
      chunk('assets/home.js', [homePage], ['assets/start-common.js', 'assets/runtime.js']),
      chunk('assets/chat-room.js', [chatRoom], ['assets/start-common.js']),
      chunk('assets/start-common.js', [tabShell]),
    ]);
    expect(preloads).toEqual([
      [home.paths, ['/assets/home.js', '/assets/start-common.js']],
      [chat.paths, ['/assets/chat-room.js', '/assets/start-common.js']],
    ]);
    expect(home.paths).toEqual(['/', '/home']);
    expect(chat.paths).toContain('/chats/chat');
  });

  it('puts the renderer and what only it imports in one chunk, preloaded for every start', () => {
    const renderer = at(RENDERER_MODULE);
    const withRenderer: Record<string, string[]> = {
      ...graph,
      [renderer]: [at('node_modules/react-dom/client.js'), at('src/app/app.tsx')],
      [at('node_modules/react-dom/client.js')]: [at('node_modules/react/index.js')],
      [at('src/app/app.tsx')]: [at('node_modules/react/index.js'), at('node_modules/lucide-react/dist/esm/icons/x.mjs')],
      [at('node_modules/lucide-react/dist/esm/icons/x.mjs')]: [],
    };
    const rendererContext = { getModuleInfo: (id: string) => (withRenderer[id] ? { importedIds: withRenderer[id], importers: [], dynamicImporters: [] } : null) };
    const nameRenderer = rendererChunkNamer(root);
    expect(nameRenderer(at('node_modules/react-dom/client.js'), rendererContext)).toBe('render');
    expect(nameRenderer(at('src/app/app.tsx'), rendererContext)).toBe('render');
    // React is the entry's too: its group ($initial, a higher priority) claims it before this one.
    expect(nameRenderer(at('node_modules/react/index.js'), rendererContext)).toBe('render');
    expect(nameRenderer(at('node_modules/lucide-react/dist/esm/icons/x.mjs'), rendererContext)).toBeNull();
    expect(nameRenderer(homePage, rendererContext)).toBeNull();

    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({ type: 'chunk' as const, fileName, isEntry, moduleIds, imports });
    const chunks = [
      chunk('assets/index.js', [at('src/main.tsx')], ['assets/runtime.js'], true),
      chunk('assets/runtime.js', []),
      chunk('assets/render.js', [renderer], ['assets/index.js', 'assets/runtime.js', 'assets/x.js']),
      chunk('assets/x.js', []),
    ];
    expect(rendererPreloads(chunks)).toEqual(['/assets/render.js', '/assets/x.js']);
    expect(rendererPreloads(chunks.filter((candidate) => candidate.fileName !== 'assets/render.js'))).toEqual([]);
  });
});

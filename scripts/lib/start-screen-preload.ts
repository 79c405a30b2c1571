// A Vite plugin: for a start on Home, the browser fetches Home's code while the entry script is still
// downloading, instead of after it has run (the app only asks for it once storage and the session are
// open). index.html gets a tiny inline script that adds `modulepreload` links for the Home screen's
// chunks (and the tab shell's) when the page opened is / or /home; any other start fetches nothing extra.
import type { Plugin } from 'vite';

const START_SCREENS = ['src/app/home/home-page.tsx', 'src/app/tab-shell.tsx'];
const START_PATHS = ['/', '/home'];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
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
        const chunks = Object.values(bundle).filter((output): output is ChunkLike & typeof output => output.type === 'chunk') as unknown as ChunkLike[];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the entry already loads statically is fetched anyway: only the rest is worth a hint.
        const loadedByEntry = new Set<string>();
        const visit = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const imported of byName.get(name)?.imports ?? []) visit(imported, into);
        };
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry.fileName, loadedByEntry);
        const wanted = new Set<string>();
        for (const screen of START_SCREENS) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(screen));
          if (chunk) visit(chunk.fileName, wanted);
        }
        const files = [...wanted].filter((name) => !loadedByEntry.has(name)).map((name) => `/${name}`);
        if (files.length === 0) return html;
        const script = `if(${JSON.stringify(START_PATHS)}.includes(location.pathname))for(const href of ${JSON.stringify(files)})document.head.appendChild(Object.assign(document.createElement('link'),{rel:'modulepreload',href}))`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

// A Vite plugin: index.html paints its static app shell before the app's JavaScript takes the main thread,
// and without waiting for any stylesheet.
//   - The entry script is fetched at once (a `modulepreload` link, which the browser's preload scanner
//     sees) but run only after the first frame is painted (an inline module script imports it from the
//     next frame), where before the browser ran it, about 120 ms of a phone's CPU, between parsing the
//     page and painting the shell.
//   - The entry's stylesheets are inlined: render-blocking requests, a round trip each on a phone's
//     network before anything shows. They are small (the global styles and the spinner's, ~3 KB). A
//     disabled link to each stays beside it (a disabled stylesheet is neither fetched nor applied): Vite's
//     loader of split code reads the page's stylesheet links to know what is already there, and without
//     it added the same stylesheet again when a lazy chunk listed it, restyling the whole page.
// The inline script and styles are allowed by their hashes in the Content-Security-Policy (csp.ts reads
// the final index.html). In development (vite serve) index.html is left as it is.
import type { Plugin } from 'vite';

/** Inlining a stylesheet larger than this would cost more than its request: it stays a link. */
export const MAX_INLINE_CSS_BYTES = 16 * 1024;

interface AssetLike {
  type: 'asset' | 'chunk';
  source?: string | Uint8Array;
}

export function deferEntryUntilFirstPaint(html: string, readAsset: (fileName: string) => string | undefined): string {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/g)];
  if (entries.length !== 1) throw new Error(`index.html should have one module entry script, found ${entries.length}`);
  const [tag, src] = entries[0]!;
  // Two frames: the second frame's callback runs once the first has been painted (a timeout after one
  // frame sometimes ran before its paint). A page opened in the background gets no frames: it starts at once.
  const run = `()=>import(${JSON.stringify(src)})`;
  const deferred =
    `<link rel="modulepreload" crossorigin href="${src}">\n` +
    `    <script type="module">const run=${run};document.visibilityState==='hidden'?run():requestAnimationFrame(()=>requestAnimationFrame(run))</script>`;
  let out = html.replace(tag, deferred);
  for (const [link, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)) {
    const css = readAsset(href!);
    if (css === undefined || Buffer.byteLength(css) > MAX_INLINE_CSS_BYTES || css.includes('</style')) continue;
    out = out.replace(link, `<style>${css.trim()}</style><link rel="stylesheet" crossorigin href="/${href}" disabled>`);
  }
  return out;
}

export function firstPaintFirst(): Plugin {
  return {
    name: 'ess:first-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Record<string, AssetLike> | undefined;
        if (!bundle) return html;
        return deferEntryUntilFirstPaint(html, (fileName) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset' || asset.source === undefined) return undefined;
          return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
        });
      },
    },
  };
}

// Pictures the browser can load without the company's CDN: initials avatars
// (/__sandbox/avatars/<id or name>.svg) and stand-ins for other CDN files (/__sandbox/cdn/<path>).
// Prism's example answers point at https://cdn.company.example/…; rewriteCdnUrls replaces each such
// URL in a JSON answer with the sandbox's, naming the person or group from the neighbouring fields.
import { createHash } from 'node:crypto';
import { findPerson, fullName } from './people.ts';
import { escapeHtml, type SandboxAnswer, type SandboxResource } from './routes.ts';

export const CDN_ORIGIN = 'https://cdn.company.example';

// White text reads on each (contrast ≥ 4.5:1).
const PALETTE = ['#4819e3', '#0f6e5c', '#a1370f', '#1d5fa8', '#8a1f6b', '#5b4a00', '#2f5d1c', '#b0003a'];

const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}

export function avatarSvg(name: string, seed: string): string {
  const colour = PALETTE[hash(seed) % PALETTE.length];
  const label = escapeHtml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${label}">
<title>${label}</title>
<rect width="96" height="96" fill="${colour}"/>
<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="38" font-weight="600" fill="#ffffff">${escapeHtml(initials(name))}</text>
</svg>
`;
}

function fileSvg(fileName: string): string {
  const label = escapeHtml(fileName);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${label}">
<title>${label}</title>
<rect width="320" height="240" fill="#ece9f8"/>
<path d="M110 160l40-50 30 36 20-24 40 38z" fill="#b4a7ef"/>
<circle cx="200" cy="84" r="14" fill="#b4a7ef"/>
<text x="160" y="205" text-anchor="middle" font-family="system-ui, sans-serif" font-size="15" fill="#3d2a9c">${label}</text>
</svg>
`;
}

const IMAGE_HEADERS = {
  'Cache-Control': 'public, max-age=3600',
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

const svg = (body: string): SandboxAnswer => ({ status: 200, body, contentType: 'image/svg+xml; charset=utf-8', headers: IMAGE_HEADERS });

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|svg)$/i;
/** A display name from the query: printable characters only, at most 80 (it is escaped when drawn). */
const SAFE_NAME = (value: string | null) => [...(value ?? '')].filter((c) => c >= ' ').join('').trim().slice(0, 80);

export function createAvatarsResource(): SandboxResource {
  return {
    name: 'avatars',
    routes: [
      {
        // /__sandbox/avatars/42.svg: the directory's person 42; any other key needs ?name=.
        method: 'GET',
        path: '/__sandbox/avatars/:file',
        handle: ({ params, query }) => {
          const key = (params.file ?? '').replace(/\.svg$/, '');
          const someone = /^\d+$/.test(key) ? findPerson(Number(key)) : undefined;
          const name = SAFE_NAME(query.get('name')) || (someone ? fullName(someone) : '') || key;
          return svg(avatarSvg(name, someone ? String(someone.id) : name));
        },
      },
      {
        // Any other CDN file: a picture naming it for images, a short text for documents.
        method: 'GET',
        path: '/__sandbox/cdn/*',
        handle: ({ params }) => {
          const path = params['*'] ?? '';
          const fileName = path.split('/').at(-1) ?? path;
          if (IMAGE_EXTENSION.test(fileName)) return svg(fileSvg(fileName));
          return {
            status: 200,
            contentType: 'text/plain; charset=utf-8',
            headers: { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'" },
            body: `${fileName}\n\nA stand-in served by the local mock sandbox for ${CDN_ORIGIN}/${path}.\n`,
          };
        },
      },
    ],
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The name that goes with a picture field, from the fields next to it. */
function nameFor(key: string, siblings: Record<string, Json>): string | undefined {
  const text = (value: Json | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const prefix = /^(.*?)(avatar|profile_picture|picture|photo)/i.exec(key)?.[1] ?? '';
  const first = text(siblings[`${prefix}first_name`]) ?? text(siblings.first_name);
  const last = text(siblings[`${prefix}last_name`]) ?? text(siblings.last_name);
  return text(siblings[`${prefix}name`]) ?? (first || last ? [first, last].filter(Boolean).join(' ') : undefined) ?? text(siblings.name);
}

/** The sandbox URL standing in for one CDN URL found under `key`. */
function localUrl(cdnUrl: string, key: string, siblings: Record<string, Json>, publicUrl: (path: string) => string): string {
  const path = new URL(cdnUrl).pathname.replace(/^\/+/, '');
  if (/avatar|picture|photo/i.test(key) || /^avatars\//.test(path)) {
    const id = /^avatars\/(\d+)\./.exec(path)?.[1];
    const name = nameFor(key, siblings);
    const seed = id ?? path.replace(/\.[a-z0-9]+$/i, '').replace(/[^a-z0-9]+/gi, '-');
    return publicUrl(`/__sandbox/avatars/${seed}.svg${name ? `?name=${encodeURIComponent(name)}` : ''}`);
  }
  return publicUrl(`/__sandbox/cdn/${path.split('/').map(encodeURIComponent).join('/')}`);
}

/** Rewrites every CDN URL in a parsed JSON answer; returns the value itself when there is none. */
export function rewriteCdnUrls(value: Json, publicUrl: (path: string) => string): Json {
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(node)) {
      out[key] = typeof child === 'string' && child.startsWith(`${CDN_ORIGIN}/`) ? localUrl(child, key, node, publicUrl) : visit(child);
    }
    return out;
  };
  return visit(value);
}

/** A JSON text with its CDN URLs rewritten, or undefined when it has none (or is not JSON). */
export function rewriteCdnUrlsInText(text: string, publicUrl: (path: string) => string): string | undefined {
  if (!text.includes(CDN_ORIGIN)) return undefined;
  try {
    return JSON.stringify(rewriteCdnUrls(JSON.parse(text) as Json, publicUrl));
  } catch {
    return undefined;
  }
}

// Where a call's media server may be besides the app's own origin (VITE_MEDIA_SERVER_ORIGINS): the
// origins a call's `media.url` may point at (an absolute ws(s):// URL; a path is the app's own
// origin, which its server proxies). Kept free of `import.meta.env` so the build step that writes
// the Content-Security-Policy (scripts/lib/csp.ts) reads the same list for its connect-src.

const SCHEMES = ['http:', 'https:', 'ws:', 'wss:'];

/**
 * Comma- or space-separated absolute origins, e.g. `wss://media.company.example`. Each comes back as
 * its origin (scheme, host and port; a path is dropped); anything that is not an absolute http(s) or
 * ws(s) URL is reported and left out, so a mistake never allows more than was written.
 */
export function parseMediaServerOrigins(raw: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !SCHEMES.includes(url.protocol) || !url.host) {
      console.warn(`config: VITE_MEDIA_SERVER_ORIGINS: ${JSON.stringify(entry)} is not an absolute ws(s) or http(s) origin; left out`);
      continue;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

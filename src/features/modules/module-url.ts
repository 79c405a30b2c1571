// Where a route's web module lives: `{iframeBase}/{path}?lang={language}`. Each segment is
// normalised (decoded if it already was encoded, then encoded once) and dot segments are dropped,
// so a route parameter can never walk the URL out of the iframe base.

function normaliseSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray '%' is taken literally.
  }
  return encodeURIComponent(decoded);
}

/** The module's URL, or undefined when this installation has no iframe base. */
export function moduleUrl(iframeBase: string, path: string, language: string): string | undefined {
  if (!iframeBase) return undefined;
  const base = iframeBase.replace(/\/+$/, '');
  const segments = path
    .split('/')
    .map(normaliseSegment)
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return `${base}/${segments.join('/')}?lang=${encodeURIComponent(language)}`;
}

/** The origin the session may be posted to: the module URL's own, resolved against the page. */
export function moduleOrigin(url: string, pageHref: string): string {
  return new URL(url, pageHref).origin;
}

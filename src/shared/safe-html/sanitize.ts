// The one sanitiser for rich HTML from the server (announcement pop-ups, feed posts). An allowlist, not a
// blocklist: anything not named below is dropped, so a new attack vector has to get past the allowlist
// rather than be foreseen. DOMPurify does the parsing (and the mXSS defences); the hooks add the
// app's own rules: only http(s)/mailto/tel links that open outside the app, only https images (and
// the API's own), inline style only from a grammar of keywords and colours that cannot move, size or
// paint outside the text (safe-html.module.css contains the paint of whatever is left). Style and
// event-handler attributes are renamed before DOMPurify parses the markup (checked-attributes.ts: the
// policy refuses and reports every one a parser creates; a renamed handler is dropped), and the declarations the grammar accepts leave as a data
// attribute, never as a `style` attribute (inline-styles.ts: SafeHtml applies them through the CSSOM),
// so the Content-Security-Policy has no 'unsafe-inline' for styles.
// Trusted Types: DOMPurify creates the policy named 'dompurify' where the browser has Trusted Types
// and the result is a TrustedHTML, which SafeHtml hands to React as it is (never a string in between),
// so `require-trusted-types-for 'script'` accepts it.
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { config } from '../../api/config.ts';
import { lazyValue } from '../../api/lazy-value.ts';
import { parseUrl } from '../format/formatters.ts';
import { STYLE_DATA_ATTRIBUTE } from './inline-styles.ts';
import { renameCheckedAttributes } from './checked-attributes.ts';
import { safeDeclarations, serializeDeclarations, type Declaration } from './style-grammar.ts';

const ALLOWED_TAGS = [
  // text and structure
  'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  // emphasis
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'kbd', 'samp', 'var',
  // links and images
  'a', 'img', 'figure', 'figcaption',
  // lists
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  // tables
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
];

// No id/name (DOM clobbering), no class (the app's global styles), no data-*/aria-* (kept off so the
// content cannot fake the app's own semantics), no width/height (huge sizes), no srcset. No style
// either: the hooks turn what its grammar accepts into STYLE_DATA_ATTRIBUTE.
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'scope', 'start', 'reversed', 'dir', 'lang'];

// Elements whose content is dropped with them, on top of DOMPurify's own list (script, style, svg,
// math, noscript, template, iframe…): raw-text or control content is never useful as text.
const FORBID_CONTENTS_EXTRA = ['textarea', 'select', 'option', 'datalist', 'object', 'embed', 'applet', 'frameset', 'frame', 'button', 'marquee', 'canvas', 'audio', 'video', 'head'];

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const CONFIG: Config & { RETURN_TRUSTED_TYPE: true } = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Non-URL attribute values must not look like "scheme:"; the URL attributes are checked in the hook.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ADD_FORBID_CONTENTS: FORBID_CONTENTS_EXTRA,
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['srcset', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'width', 'height'],
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
  RETURN_TRUSTED_TYPE: true,
};

/** An absolute URL whose protocol is in the list, normalised; null for anything else (relative too). */
function allowedUrl(value: string, protocols: ReadonlySet<string>): string | null {
  const url = parseUrl(value);
  return url && protocols.has(url.protocol) ? url.href : null;
}

/** The API's root as an absolute URL (VITE_API_BASE may be a path on the app's own origin). */
function apiBase(): URL {
  return new URL(config.apiBase, location.href);
}

/**
 * An image address: https anywhere, or the API's own origin (whatever its scheme, so the local mocks'
 * http works); a relative address is the API's. Null for anything else: http elsewhere (readable and
 * changeable on the way), data:, blob:, javascript:.
 */
export function allowedImageUrl(value: string): string | null {
  const base = apiBase();
  const url = parseUrl(value, base);
  if (!url) return null;
  if (url.protocol === 'https:') return url.href;
  return url.protocol === 'http:' && url.origin === base.origin ? url.href : null;
}

/**
 * The grammar-approved declarations of the element being sanitised: from its STYLE_DATA_ATTRIBUTE (its
 * style attribute, renamed before parsing, or one the markup brought: sanitised markup sanitised again
 * stays the same) and from a style attribute the renaming missed (odd markup); the attributes themselves
 * are dropped, and the sanitiser writes the accepted declarations back as STYLE_DATA_ATTRIBUTE.
 */
const pendingStyles = new WeakMap<Element, Declaration[]>();

/** The sanitiser with the app's hooks, made on first use. */
const purifier = lazyValue(createPurifier);

function createPurifier(): Purifier {
  // An instance of our own, so these hooks never leak into another use of DOMPurify.
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    const tag = node.nodeName.toLowerCase();
    if (name === 'href') {
      const href = tag === 'a' ? allowedUrl(data.attrValue, LINK_PROTOCOLS) : null;
      if (href === null) data.keepAttr = false;
      else data.attrValue = href;
    } else if (name === 'src') {
      const src = tag === 'img' ? allowedImageUrl(data.attrValue) : null;
      if (src === null) data.keepAttr = false;
      else data.attrValue = src;
    } else if (name === 'style' || name === STYLE_DATA_ATTRIBUTE) {
      pendingStyles.set(node, [...(pendingStyles.get(node) ?? []), ...safeDeclarations(data.attrValue)]);
      data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    const pending = pendingStyles.get(node);
    if (pending) {
      pendingStyles.delete(node);
      const declarations = safeDeclarations(serializeDeclarations(pending));
      if (declarations.length > 0) node.setAttribute(STYLE_DATA_ATTRIBUTE, serializeDeclarations(declarations));
    }
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      if (node.hasAttribute('href')) {
        // Links open outside the app, and the opened page gets no handle on it.
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'img') {
      if (!node.hasAttribute('src')) {
        node.remove();
        return;
      }
      // Every image needs an alternative text; one without is decorative. (Set first, so sanitising the
      // result again gives the same attributes in the same order.)
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return instance;
}

/**
 * Sanitised markup: a TrustedHTML where the browser has Trusted Types, else a string. Hand it to the DOM
 * (React's dangerouslySetInnerHTML) as it is: turned into a string it would be refused again.
 */
export type SafeMarkup = string | TrustedHTML;

/** Rich HTML from the server made safe to render inside the app (see the module comment for the policy). */
export function sanitizeHtml(html: string): SafeMarkup {
  return purifier.get().sanitize(renameCheckedAttributes(html), CONFIG);
}

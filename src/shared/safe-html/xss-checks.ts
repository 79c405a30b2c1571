// Test helpers for the XSS corpus: what in a rendered or sanitised DOM would make it unsafe. Shared by
// the sanitiser's tests and the announcement pop-up's tests.

const FORBIDDEN_TAGS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'form', 'input', 'button', 'textarea',
  'select', 'option', 'isindex', 'style', 'base', 'meta', 'link', 'svg', 'math', 'template', 'noscript', 'xmp',
  'noembed', 'title', 'video', 'audio', 'source', 'area', 'map', 'marquee', 'details', 'body', 'foreignobject',
];
const DANGEROUS_URL = /^(?:javascript|vbscript|data):/i;
// What a browser ignores inside a URL scheme: C0 controls, spaces, tabs and newlines.
// eslint-disable-next-line no-control-regex
const URL_NOISE = /[\u0000-\u0020]/g;
// Any style that moves, sizes or paints outside the text: what the sanitiser's grammar must never keep.
const OVERLAY_STYLE = /position|z-index|inset|top|left|width|height|font-size|url\(|expression|\\|margin|shadow|outline|transform|filter|offset|thickness|\d(?:px|em|rem|vh|vw)\b|!|\/\*/i;

export function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Everything that would make the sanitised markup unsafe, as readable findings (empty when safe). */
export function findUnsafe(root: ParentNode): string[] {
  const findings: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    if (FORBIDDEN_TAGS.includes(tag)) findings.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) findings.push(`${tag}[${name}]`);
      if (DANGEROUS_URL.test(value.replace(URL_NOISE, ''))) findings.push(`${tag}[${name}=${value}]`);
      if (/javascript:|vbscript:/i.test(value.replace(URL_NOISE, ''))) findings.push(`${tag}[${name}] mentions a script URL`);
      if (['srcset', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'srcdoc', 'id', 'name'].includes(lower)) {
        findings.push(`${tag}[${name}]`);
      }
      // data-ess-style: the declarations the sanitiser kept, before SafeHtml applies them (inline-styles.ts).
      if ((lower === 'style' || lower === 'data-ess-style') && OVERLAY_STYLE.test(value)) findings.push(`${tag}[${lower}=${value}]`);
      if (lower === 'href' && !/^(?:https?:|mailto:|tel:)/.test(value)) findings.push(`${tag}[href=${value}]`);
      if (lower === 'src' && !/^https?:/.test(value)) findings.push(`${tag}[src=${value}]`);
    }
    if (tag === 'a' && element.hasAttribute('href')) {
      if (element.getAttribute('target') !== '_blank') findings.push('link without target=_blank');
      if (element.getAttribute('rel') !== 'noopener noreferrer') findings.push('link without rel=noopener noreferrer');
    }
  }
  return findings;
}

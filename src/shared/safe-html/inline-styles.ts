// How rich HTML keeps its few inline styles without a `style` attribute, so the Content-Security-Policy
// needs no 'unsafe-inline' for styles (style-src-attr): the sanitiser moves the declarations its grammar
// accepts into this data attribute (re-serialised, never the raw input), and SafeHtml, once React has
// put the markup in the page, applies them through the CSSOM (element.style), which the policy does not
// govern, checking each against the same grammar again, then removes the attribute.
import { safeDeclarations } from './style-grammar.ts';

/** Written only by the sanitiser; the one data-* attribute sanitised markup carries. */
export const STYLE_DATA_ATTRIBUTE = 'data-ess-style';

/** Applies the sanitiser's declarations to every element under `root` that carries them, through the CSSOM. */
export function applyInlineStyles(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${STYLE_DATA_ATTRIBUTE}]`)) {
    for (const [property, value] of safeDeclarations(element.getAttribute(STYLE_DATA_ATTRIBUTE) ?? '')) {
      element.style.setProperty(property, value);
    }
    element.removeAttribute(STYLE_DATA_ATTRIBUTE);
  }
}

// @vitest-environment jsdom
// Trusted Types: where the browser has them, the sanitised markup reaches innerHTML as the TrustedHTML
// DOMPurify's 'dompurify' policy made, never as a string (which `require-trusted-types-for 'script'`
// refuses). jsdom has no Trusted Types: a stand-in factory records the policies and marks what they
// make, installed before the sanitiser's first use (it reads window.trustedTypes once).
// Inline styles: the markup carries no style attribute (the production policy refuses them); SafeHtml
// applies the sanitiser's declarations through the CSSOM once the markup is in the page.
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

class FakeTrustedHTML {
  private readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

const policies: string[] = [];
const written: unknown[] = [];
const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;

beforeAll(() => {
  Object.defineProperty(window, 'trustedTypes', {
    configurable: true,
    value: {
      createPolicy(name: string, rules: { createHTML(html: string): string; createScriptURL(url: string): string }) {
        policies.push(name);
        return { name, createHTML: (html: string) => new FakeTrustedHTML(rules.createHTML(html)), createScriptURL: rules.createScriptURL };
      },
    },
  });
  // Records what is written into a safe-html container: what React hands the DOM.
  Object.defineProperty(Element.prototype, 'innerHTML', {
    configurable: true,
    get: innerHTML.get,
    set(this: Element, value: unknown) {
      if (this.hasAttribute('data-safe-html')) written.push(value);
      innerHTML.set!.call(this, value);
    },
  });
});

afterAll(() => {
  Object.defineProperty(Element.prototype, 'innerHTML', innerHTML);
  Reflect.deleteProperty(window, 'trustedTypes');
});

beforeEach(() => {
  written.length = 0;
});
afterEach(cleanup);

describe('SafeHtml under Trusted Types', () => {
  it('sanitises into a TrustedHTML of the "dompurify" policy', async () => {
    const { sanitizeHtml } = await import('./sanitize.ts');
    const clean = sanitizeHtml('<p onclick="alert(1)">Hello <b>team</b></p>');
    expect(clean).toBeInstanceOf(FakeTrustedHTML);
    expect(String(clean)).toBe('<p>Hello <b>team</b></p>');
    expect(policies).toEqual(['dompurify']);
  });

  it('hands React the TrustedHTML itself, and renders the sanitised content', async () => {
    const { SafeHtml } = await import('./safe-html.tsx');
    const { container, rerender } = render(<SafeHtml html={'<h2>Year-end leave</h2><img src=x onerror="alert(1)">'} />);
    expect(written).toHaveLength(1);
    expect(written[0]).toBeInstanceOf(FakeTrustedHTML);
    const box = container.querySelector('[data-safe-html]')!;
    expect(box.querySelector('h2')?.textContent).toBe('Year-end leave');
    expect(box.querySelector('img')?.hasAttribute('onerror')).toBe(false);

    rerender(<SafeHtml html="<p>Next announcement</p>" />);
    expect(written).toHaveLength(2);
    expect(written[1]).toBeInstanceOf(FakeTrustedHTML);
    expect(box.textContent).toBe('Next announcement');
    // One policy for the app's whole life: a second "dompurify" would be refused by the CSP.
    expect(policies).toEqual(['dompurify']);
  });
});

describe('SafeHtml inline styles', () => {
  const styleOf = (element: Element | null | undefined) => {
    const style = (element as HTMLElement).style;
    return Array.from({ length: style.length }, (_, index) => style.item(index)).map((property) => `${property}: ${style.getPropertyValue(property)}`);
  };

  it('applies the allowed declarations to their elements through the CSSOM, and leaves no data attribute behind', async () => {
    const { SafeHtml } = await import('./safe-html.tsx');
    const { container, rerender } = render(
      <SafeHtml
        html={
          '<h2 style="text-align:center;color:#c00">Year-end leave</h2>' +
          '<p style="font-weight:bold;position:fixed;top:0;z-index:99999">Submit by <span style="font-style:italic;text-decoration:underline wavy red;box-shadow:0 0 0 9999px #f0f">1 December</span>.</p>'
        }
      />,
    );
    const box = container.querySelector('[data-safe-html]')!;
    // The markup React wrote had the declarations as data-ess-style, never a style attribute.
    expect(String(written.at(-1))).toBe(
      '<h2 data-ess-style="text-align:center;color:#c00">Year-end leave</h2><p data-ess-style="font-weight:bold">Submit by <span data-ess-style="font-style:italic;text-decoration:underline wavy red">1 December</span>.</p>',
    );
    // Applied by the time render returns (a layout effect: before the browser would paint).
    expect(styleOf(box.querySelector('h2'))).toEqual(['text-align: center', 'color: rgb(204, 0, 0)']);
    expect(styleOf(box.querySelector('p'))).toEqual(['font-weight: bold']);
    expect(styleOf(box.querySelector('span'))).toEqual(['font-style: italic', 'text-decoration: underline wavy red']);
    expect(box.querySelectorAll('[data-ess-style]')).toHaveLength(0);

    // New content: the new elements get theirs.
    rerender(<SafeHtml html={'<p style="text-align:right">Next</p><p>Plain</p>'} />);
    expect(box.textContent).toBe('NextPlain');
    expect(box.querySelectorAll('p')).toHaveLength(2);
    expect(styleOf(box.querySelectorAll('p')[0])).toEqual(['text-align: right']);
    expect(styleOf(box.querySelectorAll('p')[1])).toEqual([]);
    expect(box.querySelectorAll('[data-ess-style]')).toHaveLength(0);
  });

  it('checks the declarations against the grammar again as it applies them (a sanitiser gap applies nothing else)', async () => {
    const { applyInlineStyles } = await import('./inline-styles.ts');
    const root = document.createElement('div');
    const element = document.createElement('p');
    element.setAttribute('data-ess-style', 'position:fixed;top:0;color:red;margin:-500px;text-decoration:underline 9999px;font-weight:bold');
    root.append(element);
    applyInlineStyles(root);
    expect(styleOf(element)).toEqual(['color: red', 'font-weight: bold']);
    expect(element.hasAttribute('data-ess-style')).toBe(false);
  });
});

// @vitest-environment jsdom
// Trusted Types: where the browser has them, the sanitised markup reaches innerHTML as the TrustedHTML
// DOMPurify's 'dompurify' policy made, never as a string (which `require-trusted-types-for 'script'`
// refuses). jsdom has no Trusted Types: a stand-in factory records the policies and marks what they
// make, installed before the sanitiser's first use (it reads window.trustedTypes once).
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

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

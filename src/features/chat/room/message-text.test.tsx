// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageText, safeHttpUrl } from './message-text.tsx';

afterEach(cleanup);

const show = (text: string) => render(<p data-testid="text"><MessageText text={text} /></p>).getByTestId('text');

describe('a message text (links, never HTML)', () => {
  it('makes http and https addresses links that open in a new tab, and keeps the words around them', () => {
    const shown = show('Form: https://hr.example/form?id=1 and http://old.example/page. Thanks');
    const links = [...shown.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://hr.example/form?id=1', 'http://old.example/page']);
    expect(links.map((link) => link.textContent)).toEqual(['https://hr.example/form?id=1', 'http://old.example/page']);
    expect(links.every((link) => link.target === '_blank' && link.rel === 'noopener noreferrer')).toBe(true);
    // The full stop after the address is not part of it.
    expect(shown.textContent).toBe('Form: https://hr.example/form?id=1 and http://old.example/page. Thanks');
  });

  it('does not link javascript:, data: or other schemes', () => {
    const shown = show('click javascript:alert(1) or data:text/html,<b>x</b> or ftp://files.example/x');
    expect(shown.querySelectorAll('a')).toHaveLength(0);
    expect(shown.textContent).toBe('click javascript:alert(1) or data:text/html,<b>x</b> or ftp://files.example/x');
  });

  it('shows HTML in a message as its characters, creating no element', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">hi</a>';
    const shown = show(hostile);
    expect(shown.textContent).toBe(hostile);
    expect(shown.querySelector('img, script, a')).toBeNull();
    expect(shown.children).toHaveLength(0);
  });

  it('does not let a link swallow the HTML around it', () => {
    const shown = show('see https://x.example/a"><img src=x onerror=alert(1)>');
    const links = [...shown.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://x.example/a');
    expect(shown.querySelector('img')).toBeNull();
    expect(shown.textContent).toBe('see https://x.example/a"><img src=x onerror=alert(1)>');
  });

  it('shows an internationalised host in punycode, so a look-alike cannot pass for another site', () => {
    const shown = show('Log in at https://аррӏе.com/login now');
    const link = shown.querySelector('a')!;
    expect(link.textContent).toBe('https://xn--80ak6aa92e.com/login');
    expect(link.getAttribute('href')).toBe('https://xn--80ak6aa92e.com/login');
    expect(shown.textContent).toBe('Log in at https://xn--80ak6aa92e.com/login now');
    cleanup();
    const mixed = show('https://例え.テスト/ページ').querySelector('a')!;
    expect(mixed.textContent).toBe('https://xn--r8jz45g.xn--zckzah/ページ');
    expect(mixed.getAttribute('href')).toBe('https://xn--r8jz45g.xn--zckzah/%E3%83%9A%E3%83%BC%E3%82%B8');
  });

  it('shows a link without bidirectional controls, which would reorder its text', () => {
    const link = show('Invoice: https://files.example/invoice\u202Egnp.exe').querySelector('a')!;
    expect(link.textContent).toBe('https://files.example/invoicegnp.exe');
    expect(link.getAttribute('href')).toBe('https://files.example/invoice%E2%80%AEgnp.exe');
  });

  it('isolates a link left to right, so an override in the words before it cannot reverse it', () => {
    const shown = show('see \u202E https://hr.example/form');
    const link = shown.querySelector('a')!;
    // An element with dir is a bidi isolate (HTML's rendering rules): the override stays outside.
    expect(link.getAttribute('dir')).toBe('ltr');
    expect(link.textContent).toBe('https://hr.example/form');
  });

  it('leaves an address the browser would refuse as plain text', () => {
    const shown = show('see https://exa\u202Emple.com today');
    expect(shown.querySelector('a')).toBeNull();
    expect(shown.textContent).toBe('see https://exa\u202Emple.com today');
  });

  it('shows a text without links as it is', () => {
    expect(show('Good morning, team!').textContent).toBe('Good morning, team!');
  });
});

describe('safeHttpUrl', () => {
  it('accepts only http(s) addresses', () => {
    expect(safeHttpUrl('https://files.example/a.pdf')).toBe('https://files.example/a.pdf');
    expect(safeHttpUrl('http://files.example/a.pdf')).toBe('http://files.example/a.pdf');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeHttpUrl('blob:https://x.example/123')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
  });
});

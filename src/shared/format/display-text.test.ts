import { describe, expect, it } from 'vitest';
import { displayLink, displayText, stripBidi } from './display-text.ts';

describe('displayText and stripBidi', () => {
  it('removes the override that makes "invoice\\u202Egnp.exe" read as "invoiceexe.png"', () => {
    expect(displayText('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
  });

  it('removes every embedding, override, isolate and direction mark', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    for (const control of controls) expect(stripBidi(`a${control}b`), `U+${control.codePointAt(0)!.toString(16)}`).toBe('ab');
    expect(stripBidi(`Budi${controls.join('')} Santoso`)).toBe('Budi Santoso');
  });

  it('keeps right-to-left names and everything else as written, trimmed', () => {
    expect(displayText('  محمد علي ')).toBe('محمد علي');
    expect(displayText('Ayu Lestari')).toBe('Ayu Lestari');
    expect(displayText('Tim Operasional – Jakarta (2026)')).toBe('Tim Operasional – Jakarta (2026)');
    expect(displayText(null)).toBe('');
    expect(displayText(undefined)).toBe('');
    expect(displayText('\u202E')).toBe('');
  });
});

describe('displayLink', () => {
  it('shows an internationalised host in punycode, in the text and the href', () => {
    expect(displayLink('https://аррӏе.com')).toEqual({ href: 'https://xn--80ak6aa92e.com/', text: 'https://xn--80ak6aa92e.com' });
    expect(displayLink('https://аррӏе.com/login?next=/home#top')).toEqual({
      href: 'https://xn--80ak6aa92e.com/login?next=/home#top',
      text: 'https://xn--80ak6aa92e.com/login?next=/home#top',
    });
    expect(displayLink('https://例え.テスト:8080/a')?.text).toBe('https://xn--r8jz45g.xn--zckzah:8080/a');
  });

  it('shows the host the browser will reach, whatever tricks the written one uses', () => {
    // A backslash ends the host as a slash does: the site is evil.example, not apple.example.
    expect(displayLink('https://evil.example\\@apple.example')).toEqual({ href: 'https://evil.example/@apple.example', text: 'https://evil.example\\@apple.example' });
    // Userinfo stays visible, and the real host follows the @.
    expect(displayLink('https://apple.example@evil.example/x')).toEqual({ href: 'https://apple.example@evil.example/x', text: 'https://apple.example@evil.example/x' });
    // An ideographic full stop is a dot to the URL API.
    expect(displayLink('https://example\u3002com/a')).toEqual({ href: 'https://example.com/a', text: 'https://example.com/a' });
  });

  it('keeps an ASCII address as written (the path too), without bidi controls', () => {
    expect(displayLink('https://hr.example/form?id=1')).toEqual({ href: 'https://hr.example/form?id=1', text: 'https://hr.example/form?id=1' });
    expect(displayLink('https://files.example/invoice\u202Egnp.exe')).toEqual({ href: 'https://files.example/invoice%E2%80%AEgnp.exe', text: 'https://files.example/invoicegnp.exe' });
  });

  it('is null for anything that is not an http(s) address', () => {
    expect(displayLink('javascript:alert(1)')).toBeNull();
    expect(displayLink('ftp://files.example/x')).toBeNull();
    expect(displayLink('https://a\u202Eb.example')).toBeNull();
    expect(displayLink('not a url')).toBeNull();
  });
});

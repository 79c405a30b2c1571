// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml as sanitize } from './sanitize.ts';
import { findUnsafe, parse } from './xss-checks.ts';
import { XSS_CORPUS } from './xss-corpus.ts';

// jsdom has no Trusted Types: the sanitiser's TrustedHTML is a plain string here (safe-html.test.tsx
// covers the TrustedHTML path).
const sanitizeHtml = (html: string) => String(sanitize(html));

describe('sanitizeHtml against the XSS corpus', () => {
  it('holds at least 50 distinct vectors', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(XSS_CORPUS.map((vector) => vector.html)).size).toBe(XSS_CORPUS.length);
    expect(new Set(XSS_CORPUS.map((vector) => vector.name)).size).toBe(XSS_CORPUS.length);
  });

  it.each(XSS_CORPUS)('$name', ({ html }) => {
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/<(?:iframe|object|embed|form|style|base|meta|link|svg|math)\b/i);
    expect(findUnsafe(parse(clean))).toEqual([]);
    // No style attribute ever leaves the sanitiser: the policy refuses them (styles go through the CSSOM).
    expect(parse(clean).querySelectorAll('[style]')).toHaveLength(0);
    // Sanitising is stable: the output sanitised again is the same (no mutation-based XSS left).
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps the harmless parts of a hostile vector', () => {
    expect(sanitizeHtml('<a href="https://example.com" onclick="window.__xss=1">go</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">go</a>',
    );
    expect(sanitizeHtml('<p>Hello <script>alert(1)</script>world</p>')).toBe('<p>Hello world</p>');
    expect(sanitizeHtml('<a href="javascript:window.__xss=1">link</a>')).toBe('<a>link</a>');
    expect(sanitizeHtml('<body onload="window.__xss=1"><p>text</p></body>')).toBe('<p>text</p>');
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" onload="window.__xss=1" alt="a">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" loading="lazy" decoding="async" referrerpolicy="no-referrer">',
    );
    expect(sanitizeHtml('<div style="position:fixed;top:0;z-index:99999;color:#c00">Log in again</div>')).toBe(
      '<div data-ess-style="color:#c00">Log in again</div>',
    );
  });
});

describe('sanitizeHtml keeps ordinary announcement content', () => {
  it('keeps the contract example: heading, emphasis, a link opening outside the app, a list', () => {
    const html =
      '<h2>Year-end leave</h2><p>Submit your leave requests before <b>1 December</b>. See the <a href="https://hr.company.example/leave">leave policy</a>.</p><ul><li>Annual leave</li><li>Special leave</li></ul>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>Year-end leave</h2><p>Submit your leave requests before <b>1 December</b>. See the <a href="https://hr.company.example/leave" target="_blank" rel="noopener noreferrer">leave policy</a>.</p><ul><li>Annual leave</li><li>Special leave</li></ul>',
    );
  });

  it('keeps http, https, mailto and tel links, and drops the href of any other link but keeps its text', () => {
    const clean = parse(
      sanitizeHtml(
        '<a href="http://a.example/x">h</a><a href="HTTPS://b.example">s</a><a href="mailto:hr@company.example">m</a><a href="tel:+62211234">t</a><a href="/home">r</a><a href="#top">f</a><a href="ftp://c.example">ftp</a>',
      ),
    );
    const links = [...clean.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['h', 'http://a.example/x'],
      ['s', 'https://b.example/'],
      ['m', 'mailto:hr@company.example'],
      ['t', 'tel:+62211234'],
      ['r', null],
      ['f', null],
      ['ftp', null],
    ]);
    for (const link of links.filter((link) => link.hasAttribute('href'))) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    for (const link of links.filter((link) => !link.hasAttribute('href'))) expect(link.hasAttribute('target')).toBe(false);
  });

  it('keeps https images and the API’s own with their alt text, lazily loaded; gives an image without alt an empty one', () => {
    const clean = parse(
      sanitizeHtml(
        '<img src="https://cdn.example/a.png" alt="Team photo" width="99999" height="99999"><img src="HTTPS://cdn.example/b.png"><img src="/storage/poster.png" alt="r"><img src="http://localhost:3000/api/files/7" alt="api">',
      ),
    );
    const images = [...clean.querySelectorAll('img')];
    // The API is /api on the page's origin here (VITE_API_BASE unset): a relative address is the API's.
    expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt'), image.getAttribute('loading')])).toEqual([
      ['https://cdn.example/a.png', 'Team photo', 'lazy'],
      ['https://cdn.example/b.png', '', 'lazy'],
      [`${location.origin}/storage/poster.png`, 'r', 'lazy'],
      [`${location.origin}/api/files/7`, 'api', 'lazy'],
    ]);
    expect(images[0]!.hasAttribute('width')).toBe(false);
  });

  it('drops images over plain http from anywhere but the API, and data:, blob: and other schemes', () => {
    const clean = parse(
      sanitizeHtml(
        '<img src="http://cdn.example/b.png" alt="http"><img src="//cdn.example/c.png" alt="scheme-relative"><img src="http://localhost:3001/x.png" alt="other port">' +
          '<img src="data:image/png;base64,iVBORw0KGgo=" alt="d"><img src="blob:http://localhost:3000/1" alt="b"><img src="ftp://cdn.example/e.png" alt="f"><p>kept</p>',
      ),
    );
    expect(clean.querySelectorAll('img')).toHaveLength(0);
    expect(clean.textContent).toBe('kept');
  });

  it('keeps lists, tables, quotes, code and rules', () => {
    const html =
      '<ol start="3"><li>three</li></ol><dl><dt>term</dt><dd>definition</dd></dl>' +
      '<table><caption>Shifts</caption><thead><tr><th scope="col">Day</th><th>Shift</th></tr></thead><tbody><tr><td colspan="2">Monday</td></tr></tbody></table>' +
      '<blockquote>quoted</blockquote><pre><code>const a = 1;</code></pre><p>line<br>break</p><hr><p><em>e</em> <i>i</i> <u>u</u> <s>s</s> <strong>st</strong> <sub>2</sub><sup>3</sup></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps harmless inline styles (alignment, colour, weight) as data-ess-style, never as a style attribute, and drops the rest', () => {
    expect(sanitizeHtml('<p style="text-align: center; font-weight: bold; color: rgb(10, 20, 30); text-decoration: underline">x</p>')).toBe(
      '<p data-ess-style="text-align:center;font-weight:bold;color:rgb(10, 20, 30);text-decoration:underline">x</p>',
    );
    expect(sanitizeHtml('<p style="position:absolute;inset:0">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p style="color: red; background: url(https://evil.example/t.png)">x</p>')).toBe('<p data-ess-style="color:red">x</p>');
  });

  it('re-validates a data-ess-style the content brings: only the grammar decides, and no other data attribute stays', () => {
    expect(sanitizeHtml('<p data-ess-style="position:fixed;top:0;z-index:99999;color:red;background:url(https://evil.example/t.png)">x</p>')).toBe(
      '<p data-ess-style="color:red">x</p>',
    );
    expect(sanitizeHtml('<p data-ess-style="box-shadow:0 0 0 9999px #f0f">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p data-ess-style="color:red&quot; onclick=&quot;alert(1)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p data-safe-html="" data-testid="announcement-content" data-ess-styles="color:red">x</p>')).toBe('<p>x</p>');
    // With a style attribute too (renamed before parsing: a second data-ess-style, which the parser drops),
    // the first one stays, through the grammar.
    expect(sanitizeHtml('<p data-ess-style="color:blue;font-style:italic;position:fixed" style="color:red;margin:-500px">x</p>')).toBe(
      '<p data-ess-style="color:blue;font-style:italic">x</p>',
    );
  });

  it('judges a style attribute the renaming missed by the same grammar (foreign content is not followed by the renaming)', () => {
    // <style> is raw text in HTML but not inside <svg>, where a <b> breaks out as an HTML element.
    expect(sanitizeHtml('<svg><style><b style="color:red;position:fixed">x</b></style></svg>')).toBe('<b data-ess-style="color:red">x</b>');
  });

  it('keeps one value per property, the last (as CSS would)', () => {
    expect(sanitizeHtml('<p style="color:red;font-weight:bold;color:blue">x</p>')).toBe('<p data-ess-style="font-weight:bold;color:blue">x</p>');
  });

  it.each([
    ['text-align', ['left', 'right', 'center', 'justify', 'start', 'end']],
    ['font-weight', ['normal', 'bold', 'bolder', 'lighter', '100', '400', '700', '900']],
    ['font-style', ['normal', 'italic', 'oblique']],
    ['color', ['red', 'RebeccaPurple', 'currentcolor', '#c00', '#c00a', '#cc0000', '#cc000080', 'rgb(10, 20, 30)', 'rgba(10,20,30,.5)', 'rgb(10 20 30 / 50%)', 'rgb(10%, 20%, 30%)', 'hsl(120, 50%, 40%)', 'hsla(120deg 50% 40% / 0.5)']],
    ['text-decoration', ['none', 'underline', 'line-through', 'underline overline', 'underline dotted', 'underline wavy red', 'underline rgb(200, 0, 0)', 'line-through #c00 double']],
  ])('keeps %s only from its grammar: %j', (property, values) => {
    for (const value of values) expect(sanitizeHtml(`<p style="${property}: ${value}">x</p>`), value).toBe(`<p data-ess-style="${property}:${value.toLowerCase()}">x</p>`);
  });

  it.each([
    ['text-align', ['-webkit-center', 'center !important', 'inherit', 'middle']],
    ['font-weight', ['950', '1000', 'bold 9999px', 'heavy']],
    ['font-style', ['oblique 90deg', 'italic bold']],
    ['color', ['transparent', 'expression(alert(1))', 'url(https://evil.example/x)', 'var(--brand)', 'red !important', '#ggg', '#12345', 'rgb(1,2)', 'rgb(1,2,3,4,5)', 'color-mix(in srgb, red, blue)', 'r\\65 d', 'red/**/']],
    [
      'text-decoration',
      [
        // A thickness or an offset paints a block over the next post: no length at all.
        'underline 9999px',
        'underline solid red 500px',
        'underline from-font',
        'underline auto',
        'underline 10em red',
        'blink',
        'underline underline',
        'underline solid dotted',
        'underline red blue',
        'solid red',
        'none underline',
        'underline url(https://evil.example/x)',
        'underline var(--x)',
      ],
    ],
    ['text-decoration-thickness', ['9999px', 'auto']],
    ['text-underline-offset', ['-500px']],
    ['box-shadow', ['0 0 0 9999px red']],
    ['outline', ['9999px solid red']],
    ['outline-offset', ['-500px']],
    ['margin', ['-500px 0 0 0']],
    ['margin-top', ['-9999px']],
    ['transform', ['translateY(-500px) scale(50)']],
    ['position', ['fixed', 'absolute', 'sticky', 'relative']],
    ['z-index', ['2147483647']],
    ['font-size', ['500px']],
    ['line-height', ['9999px']],
    ['letter-spacing', ['-9999px']],
    ['background', ['red']],
    ['background-color', ['red']],
    ['filter', ['drop-shadow(0 0 500px red)']],
    ['clip-path', ['inset(-9999px)']],
    ['content', ['"x"']],
    ['-webkit-text-stroke', ['500px red']],
    ['text-shadow', ['0 500px 0 red']],
  ])('drops %s: %j', (property, values) => {
    for (const value of values) {
      expect(sanitizeHtml(`<p style="${property}: ${value}">x</p>`), value).toBe('<p>x</p>');
      expect(sanitizeHtml(`<p data-ess-style="${property}:${value}">x</p>`), value).toBe('<p>x</p>');
    }
  });

  it('keeps the declarations that pass and drops the others, whatever comes between them', () => {
    expect(sanitizeHtml('<span style="color:#c00;text-decoration:underline 9999px;position:fixed;top:0;font-weight:bold">x</span>')).toBe(
      '<span data-ess-style="color:#c00;font-weight:bold">x</span>',
    );
    expect(sanitizeHtml('<span style="COLOR : Red ; Text-Decoration :  Underline   Wavy">x</span>')).toBe('<span data-ess-style="color:red;text-decoration:underline wavy">x</span>');
  });

  it('keeps plain text as text (escaped), and handles empty input', () => {
    expect(sanitizeHtml('5 < 6 & 7 > 3')).toBe('5 &lt; 6 &amp; 7 &gt; 3');
    expect(sanitizeHtml('')).toBe('');
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';
import { findUnsafe, parse } from './xss-checks.ts';
import { XSS_CORPUS } from './xss-corpus.ts';

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
      '<div style="color: #c00">Log in again</div>',
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

  it('keeps http(s) images with their alt text, lazily loaded; drops other images; gives an image without alt an empty one', () => {
    const clean = parse(
      sanitizeHtml(
        '<img src="https://cdn.example/a.png" alt="Team photo" width="99999" height="99999"><img src="http://cdn.example/b.png"><img src="/relative.png" alt="r"><img src="data:image/png;base64,iVBORw0KGgo=" alt="d">',
      ),
    );
    const images = [...clean.querySelectorAll('img')];
    expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt'), image.getAttribute('loading')])).toEqual([
      ['https://cdn.example/a.png', 'Team photo', 'lazy'],
      ['http://cdn.example/b.png', '', 'lazy'],
    ]);
    expect(images[0]!.hasAttribute('width')).toBe(false);
  });

  it('keeps lists, tables, quotes, code and rules', () => {
    const html =
      '<ol start="3"><li>three</li></ol><dl><dt>term</dt><dd>definition</dd></dl>' +
      '<table><caption>Shifts</caption><thead><tr><th scope="col">Day</th><th>Shift</th></tr></thead><tbody><tr><td colspan="2">Monday</td></tr></tbody></table>' +
      '<blockquote>quoted</blockquote><pre><code>const a = 1;</code></pre><p>line<br>break</p><hr><p><em>e</em> <i>i</i> <u>u</u> <s>s</s> <strong>st</strong> <sub>2</sub><sup>3</sup></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps harmless inline styles (alignment, colour, weight) and drops the rest', () => {
    expect(sanitizeHtml('<p style="text-align: center; font-weight: bold; color: rgb(10, 20, 30); text-decoration: underline">x</p>')).toBe(
      '<p style="text-align: center; font-weight: bold; color: rgb(10, 20, 30); text-decoration: underline">x</p>',
    );
    expect(sanitizeHtml('<p style="position:absolute;inset:0">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p style="color: red; background: url(https://evil.example/t.png)">x</p>')).toBe('<p style="color: red">x</p>');
  });

  it('keeps plain text as text (escaped), and handles empty input', () => {
    expect(sanitizeHtml('5 < 6 & 7 > 3')).toBe('5 &lt; 6 &amp; 7 &gt; 3');
    expect(sanitizeHtml('')).toBe('');
  });
});

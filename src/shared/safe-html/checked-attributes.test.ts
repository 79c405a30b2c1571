// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renameCheckedAttributes } from './checked-attributes.ts';
import { XSS_CORPUS } from './xss-corpus.ts';

/** Every element's attribute `name`, in document order, as an HTML parser (jsdom's parse5) reads the markup. */
function attributeOfEach(html: string, name: string): Array<string | null> {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('*')].map((element) => element.getAttribute(name));
}

/** The event-handler attributes (`on…`) an HTML parser creates from the markup. */
function handlersIn(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on')));
}

describe('renameCheckedAttributes', () => {
  it('renames the style attribute of every tag, in any spelling, and nothing else', () => {
    expect(renameCheckedAttributes('<p style="color:red">a</p><span style=\'font-weight:bold\'>b</span>')).toBe(
      '<p data-ess-style="color:red">a</p><span data-ess-style=\'font-weight:bold\'>b</span>',
    );
    expect(renameCheckedAttributes('<P STYLE=color:red TITLE=x>a</P>')).toBe('<P data-ess-STYLE=color:red TITLE=x>a</P>');
    expect(renameCheckedAttributes('<p/style="a"><br style><img\nalt="x"\tstyle = "b">')).toBe('<p/data-ess-style="a"><br data-ess-style><img\nalt="x"\tdata-ess-style = "b">');
    expect(renameCheckedAttributes('<p xstyle="a" data-style="b" style-x="c" =style="d">')).toBe('<p xstyle="a" data-style="b" style-x="c" =style="d">');
  });

  it('renames every event-handler attribute (any attribute whose name starts with "on"), in any spelling', () => {
    expect(renameCheckedAttributes('<img src=x onerror="alert(1)"><p ONCLICK=\'a()\' title=t>b</p><svg/onload=x>')).toBe(
      '<img src=x data-ess-onerror="alert(1)"><p data-ess-ONCLICK=\'a()\' title=t>b</p><svg/data-ess-onload=x>',
    );
    expect(renameCheckedAttributes('<p style="a" onmouseover=b>x</p>')).toBe('<p data-ess-style="a" data-ess-onmouseover=b>x</p>');
    expect(renameCheckedAttributes('<p xonclick="a" data-onclick="b" title="onclick=c">onclick=d</p>')).toBe('<p xonclick="a" data-onclick="b" title="onclick=c">onclick=d</p>');
  });

  it('leaves "style" alone where it is not an attribute name: values, text, comments, raw text', () => {
    for (const html of [
      'plain style="x" text, a < style, 1 <style',
      '<p title="a style=b" alt=\'c style="d"\' lang=style>x</p>',
      '<!-- <p style="a"> --><!-- x --!><!--->',
      '<!doctype html><!x <p style="a">><? <p style="b"> ?>',
      '<textarea><p style="a"></textarea ><title><b style="b"></TITLE><script>"<p style=c>"</script>',
      '<plaintext><p style="a">',
    ]) {
      expect(renameCheckedAttributes(html), html).toBe(html);
    }
    expect(renameCheckedAttributes('<p title="a>b" style="c">')).toBe('<p title="a>b" data-ess-style="c">');
    expect(renameCheckedAttributes('<!--><p style="a"><!--->')).toBe('<!--><p data-ess-style="a"><!--->');
    expect(renameCheckedAttributes('<textarea>x</textarea><p style="a">')).toBe('<textarea>x</textarea><p data-ess-style="a">');
  });

  const SAMPLES = [
    '<h2 style="text-align:center">T</h2><p>Hi <b style="color:#c00">there</b>, <a href="https://x.example/?a=1&b=2" style="color:blue">link</a></p>',
    '<div style="a"><p style=b>x<p style=\'c\'>y</div><table style="d"><tr style="e"><td style="f">z</td></tr></table>',
    '<p title=">" style="a">x</p><p title=\'"\' style="b">y</p><p title=a"b style="c">z</p>',
    '<!-- c --><p style="a">x</p><!----><p style="b">y</p><![CDATA[ > ]]><p style="c">z</p>',
    '<textarea><b style="a"></textarea><p style="b">x</p><xmp><i style="c"></xmp><p style="d">y</p>',
    '<p style="a" style="b">x</p><p STYLE="c" Style="d">y</p>',
    '<img src=x style=a/><br style="b"/><p\u0000style="c">x</p><p\nstyle\n=\n"d"\n>y</p><p style=e>z',
    // (Those that forge the data attribute themselves aside: the parser keeps the first of two.)
    ...XSS_CORPUS.map((vector) => vector.html).filter((html) => !html.includes('data-ess-style')),
  ];

  it.each(SAMPLES)('an HTML parser finds the same declarations, none of them in a style attribute, and no event handler: %s', (html) => {
    const renamed = renameCheckedAttributes(html);
    expect(attributeOfEach(renamed, 'style').filter((value) => value !== null)).toEqual([]);
    expect(handlersIn(renamed)).toEqual([]);
    expect(attributeOfEach(renamed, 'data-ess-style')).toEqual(attributeOfEach(html, 'style'));
  });
});

// Rich HTML's attributes that a Content-Security-Policy checks as a parser creates them, renamed before
// any parser sees them. Under a policy without 'unsafe-inline', Chromium checks (and reports) every
// `style` attribute (style-src-attr) and, since Chromium 156.0.8078.108, every event-handler attribute
// (`onerror`, `onclick`…: script-src-attr) an HTML parser creates, in any document of the page:
// DOMParser's inert one too, where the sanitiser parses the markup. Nothing runs there, but each is a
// violation the page reports. So the sanitiser first renames each such attribute of the markup's tags,
// putting "data-ess-" before its name: an ordinary attribute to the parser. The grammar then judges
// `data-ess-style` (sanitize.ts); a `data-ess-on…` is dropped like any attribute off the allowlist.
//
// This is a tokenizer of the HTML syntax (WHATWG tokenization, the parts that decide where a tag's
// attributes are: comments, bogus comments, quoted and unquoted values, raw-text elements), not a
// sanitiser: it only ever inserts the letters "data-ess-" before an attribute name, which can create no
// markup. Where it errs on odd input, an attribute left alone is still judged by the sanitiser (and
// reported by the browser), and text it renamed stays text.
import { STYLE_DATA_ATTRIBUTE } from './inline-styles.ts';

const PREFIX = STYLE_DATA_ATTRIBUTE.slice(0, -'style'.length);

// Elements whose content the parser reads as text up to their end tag (in the body; script data's escape
// states are not followed: script is dropped with its content anyway).
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title']);

const COMMENT_END = /--!?>/g;

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
const isLetter = (char: string | undefined) => char !== undefined && /^[a-z]$/i.test(char);

/** Whether the policy checks an attribute of this (lower-case) name as a parser creates it: a style, or an event handler. */
const isChecked = (name: string) => name === 'style' || name.startsWith('on');

/**
 * `html` with every tag's `style` attribute named STYLE_DATA_ATTRIBUTE instead, and every `on…`
 * attribute `data-ess-on…`; nothing else changes.
 */
export function renameCheckedAttributes(html: string): string {
  if (!/style|on/i.test(html)) return html;
  const renameAt: number[] = [];
  const length = html.length;
  const skipPast = (from: number, end: string) => {
    const at = html.indexOf(end, from);
    return at < 0 ? length : at + end.length;
  };

  /** Reads the tag starting at `start` (just after `<` or `</`); returns its name and where it ends. */
  const readTag = (start: number): { name: string; end: number } => {
    let at = start;
    while (at < length && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>') at += 1;
    const name = html.slice(start, at).toLowerCase();
    for (;;) {
      while (at < length && (isSpace(html[at]) || html[at] === '/')) at += 1;
      if (at >= length) return { name, end: length };
      if (html[at] === '>') return { name, end: at + 1 };
      // An attribute name: its first character may be '='; it ends at a space, '/', '>' or '='.
      const nameStart = at;
      at += 1;
      while (at < length && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>' && html[at] !== '=') at += 1;
      if (isChecked(html.slice(nameStart, at).toLowerCase())) renameAt.push(nameStart);
      while (at < length && isSpace(html[at])) at += 1;
      if (html[at] !== '=') continue;
      at += 1;
      while (at < length && isSpace(html[at])) at += 1;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        at = skipPast(at + 1, quote);
      } else {
        while (at < length && !isSpace(html[at]) && html[at] !== '>') at += 1;
      }
    }
  };

  let at = 0;
  while (at < length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    const next = html[open + 1];
    if (next === '!') {
      if (html.startsWith('--', open + 2)) {
        // A comment: ends at "-->" or "--!>", or at once as "<!-->" / "<!--->".
        if (html[open + 4] === '>') at = open + 5;
        else if (html.startsWith('->', open + 4)) at = open + 6;
        else {
          COMMENT_END.lastIndex = open + 4;
          const end = COMMENT_END.exec(html);
          at = end ? end.index + end[0].length : length;
        }
      } else {
        at = skipPast(open + 2, '>'); // a doctype or a bogus comment
      }
    } else if (next === '?') {
      at = skipPast(open + 2, '>');
    } else if (next === '/') {
      // An end tag (its attributes are read and thrown away by the parser), or a bogus comment.
      if (isLetter(html[open + 2])) at = readTag(open + 2).end;
      else at = html[open + 2] === '>' ? open + 3 : skipPast(open + 2, '>');
    } else if (isLetter(next)) {
      const tag = readTag(open + 1);
      at = tag.end;
      if (tag.name === 'plaintext') break;
      if (RAW_TEXT.has(tag.name)) {
        // Text up to "</name" followed by a space, '/' or '>'.
        const endTag = new RegExp(`</${tag.name}[\\t\\n\\f\\r />]`, 'gi');
        endTag.lastIndex = at;
        const found = endTag.exec(html);
        at = found ? found.index : length;
      }
    } else {
      at = open + 1; // a '<' in text
    }
  }

  if (renameAt.length === 0) return html;
  let result = '';
  let from = 0;
  for (const position of renameAt) {
    result += html.slice(from, position) + PREFIX;
    from = position;
  }
  return result + html.slice(from);
}

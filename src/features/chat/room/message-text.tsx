// A message's text with its web links clickable: plain text nodes and <a> elements only, never HTML
// from the server (a message saying <img onerror=…> shows those characters). A link shows its host in
// punycode and no bidirectional controls (displayLink), so it cannot pass for another site; it is
// isolated left to right (dir="ltr"), so an override in the words before it cannot reverse it.
import { useContext, type ReactNode } from 'react';
import { displayLink, type DisplayedLink } from '../../../shared/format/display-text.ts';
import { httpUrl } from '../../../shared/format/formatters.ts';
import { SearchTermContext } from './search-term.ts';

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** The room search's words marked in a text (case-insensitive, as the server matched them); text nodes only. */
function marked(text: string, term: string): ReactNode {
  if (!term) return text;
  const pieces = text.split(new RegExp(`(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'));
  return pieces.map((piece, index) => (index % 2 ? <mark key={index} data-search-match="">{piece}</mark> : piece));
}

export function MessageText({ text }: { text: string }) {
  const term = useContext(SearchTermContext);
  const parts: Array<string | DisplayedLink> = [];
  let from = 0;
  for (const found of text.matchAll(LINK)) {
    const link = displayLink(found[0]);
    if (!link) continue;
    const at = found.index;
    if (at > from) parts.push(text.slice(from, at));
    parts.push(link);
    from = at + found[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          marked(part, term)
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" dir="ltr">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

/** Only http(s) addresses are followed or shown as images (no javascript:, data: or blob: from a message). */
export function safeHttpUrl(url: string | null | undefined): string | null {
  return httpUrl(url, location.href);
}

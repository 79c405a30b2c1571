// Text other people wrote (names, room names, file names, link texts, titles) as the app shows it.
// Unicode's bidirectional formatting characters reorder what follows them on screen, so a file called
// "invoice\u202Egnp.exe" reads "invoiceexe.png" and a name can swap the words around it. They are
// removed: the embeddings and overrides (U+202A to U+202E), the isolates (U+2066 to U+2069) and the
// direction marks (U+200E, U+200F, U+061C). None of them is needed to show a right-to-left name or
// title: the letters carry their own direction.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidirectional formatting characters. */
export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A short text from someone else (a name, a title, a file name) as shown: no bidi controls, trimmed; '' for none. */
export function displayText(text: string | null | undefined): string {
  return text ? stripBidi(text).trim() : '';
}

export interface DisplayedLink {
  /** The address as the URL API serialises it (an internationalised host in punycode). */
  href: string;
  /** The address as written, with its host as the browser will reach it (punycode) and no bidi controls. */
  text: string;
}

// The scheme and the authority (userinfo and host) of an address as written; a backslash ends the
// authority as a slash does, as the URL API reads http(s) addresses.
const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/\\?#]*)/i;

/**
 * An http(s) address found in someone's text, as a link: the host shown in punycode, so "аррӏе.com"
 * (Cyrillic letters) shows as "xn--80ak6aa92e.com" and cannot pass for another site. Null when the
 * text is not an http(s) address the URL API accepts.
 */
export function displayLink(written: string): DisplayedLink | null {
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const authority = AUTHORITY.exec(written);
  let text = written;
  if (authority) {
    const [whole, scheme, userAndHost] = authority as unknown as [string, string, string];
    const at = userAndHost.lastIndexOf('@');
    const userinfo = at >= 0 ? userAndHost.slice(0, at + 1) : '';
    text = `${scheme}${userinfo}${url.host}${written.slice(whole.length)}`;
  }
  return { href: url.href, text: stripBidi(text) };
}

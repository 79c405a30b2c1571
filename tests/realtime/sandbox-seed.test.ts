// The sandbox's demo data reads as a real company's (issue 37, item 6): what `npm start` shows a new user
// holds no test fixture. No foreign or hostile address (evil.example, javascript:), no markup in a text
// that is not HTML, no script, event handler or inline style in the HTML the contract carries (feed posts,
// the announcement), and no test-looking words. Hostile content belongs to the tests that need it.
import { describe, expect, it } from 'vitest';
import { seedChat } from '../../mocks/sandbox/chat/seed.ts';
import { STICKERS } from '../../mocks/sandbox/chat/stickers.ts';
import { FEED_POSTS } from '../../mocks/sandbox/feed.ts';
import { FORUM_THREADS } from '../../mocks/sandbox/forum.ts';
import { seedNotifications } from '../../mocks/sandbox/notifications.ts';
import { PEOPLE } from '../../mocks/sandbox/people.ts';
import { POPUP_ANNOUNCEMENT } from '../../mocks/sandbox/popup.ts';

/** Every string in a seed with where it sits (`key.key[index]`), through objects, arrays, Maps and Sets. */
function texts(value: unknown, path = '', seen = new Set<unknown>()): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null || seen.has(value) || ArrayBuffer.isView(value)) return [];
  seen.add(value);
  if (value instanceof Map) return [...value.entries()].flatMap(([key, item]) => texts(item, `${path}.${String(key)}`, seen));
  if (value instanceof Set || Array.isArray(value)) return [...value].flatMap((item, index) => texts(item, `${path}[${index}]`, seen));
  return Object.entries(value).flatMap(([key, item]) => texts(item, path ? `${path}.${key}` : key, seen));
}

/** The fields the contract defines as HTML (a feed post's and the announcement's content). */
const HTML_FIELD = /(^|\.)(content|html)$/;
const FOREIGN_OR_HOSTILE = /evil\.|javascript:|vbscript:|data:text\/html|attacker|phish/i;
const MARKUP = /<\/?[a-z!][^>]*>/i;
const UNSAFE_HTML = /<(script|iframe|object|embed|style|svg|math|form|link|meta)\b|\son[a-z]+\s*=|\sstyle\s*=|\ssrcdoc\s*=/i;
const TEST_WORDS = /\b(test(ing)?|fixture|hostile|xss|lorem|ipsum|foo|bar|baz|dummy|asdf|qwerty|todo|fixme)\b/i;
/** Controls and direction overrides that make a text look broken (a tab or newline is fine). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ODD_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e\u2066-\u2069\ufeff]/;

const now = Date.parse('2026-11-30T08:00:00Z');
const seeds: Record<string, unknown> = {
  people: PEOPLE,
  feed: FEED_POSTS,
  forum: FORUM_THREADS,
  announcement: POPUP_ANNOUNCEMENT,
  stickers: STICKERS,
  notifications: PEOPLE.map((someone) => seedNotifications(someone.id, now)),
  chat: seedChat(now),
};

/** The texts of `seed` that match `pattern`, as `where: text` (cut to 120 characters). */
const matching = (seed: [string, string][], pattern: RegExp) => seed.filter(([, text]) => pattern.test(text)).map(([where, text]) => `${where}: ${text.slice(0, 120)}`);

describe('the sandbox\'s seed reads as a real company\'s', () => {
  it.each(Object.keys(seeds))('%s: no foreign or hostile address', (name) => {
    expect(matching(texts(seeds[name]), FOREIGN_OR_HOSTILE)).toEqual([]);
  });

  it.each(Object.keys(seeds))('%s: markup only where the contract carries HTML, and that HTML plain (no script, handler or inline style)', (name) => {
    const all = texts(seeds[name]);
    expect(matching(all.filter(([where]) => !HTML_FIELD.test(where)), MARKUP)).toEqual([]);
    expect(matching(all.filter(([where]) => HTML_FIELD.test(where)), UNSAFE_HTML)).toEqual([]);
  });

  it.each(Object.keys(seeds))('%s: no test-looking words or odd characters', (name) => {
    const all = texts(seeds[name]).filter(([where]) => !/(url|uuid|path|token|key|mime|type|file_name|id)$/i.test(where));
    expect(matching(all, TEST_WORDS)).toEqual([]);
    expect(matching(all, ODD_CHARACTERS)).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    const sample = texts({ body: 'Verify your account (https://evil.example)', title: 'Hi <img src=x onerror=alert(1)>', content: '<p style="position:fixed">x</p>', name: 'Test User' });
    expect(matching(sample, FOREIGN_OR_HOSTILE)).toEqual(['body: Verify your account (https://evil.example)']);
    expect(matching(sample.filter(([where]) => !HTML_FIELD.test(where)), MARKUP)).toEqual(['title: Hi <img src=x onerror=alert(1)>']);
    expect(matching(sample.filter(([where]) => HTML_FIELD.test(where)), UNSAFE_HTML)).toEqual(['content: <p style="position:fixed">x</p>']);
    expect(matching(sample, TEST_WORDS)).toEqual(['name: Test User']);
    expect(texts(seeds.chat).length).toBeGreaterThan(1000);
  });
});

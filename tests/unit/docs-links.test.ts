// The README is the front door and docs/ holds the rest: every relative link and anchor in them must
// resolve (the file exists; an anchor names a heading of its file, slugged as GitHub slugs headings),
// every document of docs/ is reachable from the README, and the README stays short.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const FILES = [README, ...readdirSync(DOCS).filter((name) => name.endsWith('.md')).map((name) => join(DOCS, name))];
const README_MAX_LINES = 200;

/** The text outside fenced code blocks and inline code spans, where Markdown reads links. */
function prose(markdown: string): string[] {
  let fenced = false;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      lines.push('');
      continue;
    }
    lines.push(fenced ? '' : line.replace(/`[^`]*`/g, ''));
  }
  return lines;
}

/** The anchor GitHub gives a heading: its text, lower case, without punctuation, spaces as hyphens. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/[`*]/g, '') // code and emphasis marks
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every heading's anchor in a Markdown file, a repeated one numbered as GitHub numbers it (-1, -2…). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  prose(readFileSync(file, 'utf8')).forEach((text, index) => {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line: index + 1, target: match[1]! });
    }
  });
  return links;
}

/** Why a link does not resolve, or undefined when it does. External links are not followed. */
function brokenBecause(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined;
  const [path, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = path === '' ? link.file : resolve(dirname(link.file), decodeURIComponent(path));
  if (!existsSync(target)) return `${relative(ROOT, target)} does not exist`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md')) return `an anchor into ${relative(ROOT, target)}, which has no headings`;
  const anchors = anchorsOf(target);
  return anchors.has(anchor) ? undefined : `#${anchor} is no heading of ${relative(ROOT, target)} (it has ${[...anchors].map((a) => `#${a}`).join(', ')})`;
}

describe('the README and docs/', () => {
  it('slug headings as GitHub does', () => {
    expect(githubSlug('House rules')).toBe('house-rules');
    expect(githubSlug('Search, typing and urgent chats')).toBe('search-typing-and-urgent-chats');
    expect(githubSlug('`npm test`')).toBe('npm-test');
    expect(githubSlug('Native shells and over-the-air updates')).toBe('native-shells-and-over-the-air-updates');
    expect(githubSlug('Replies, reactions — and [receipts](x.md)')).toBe('replies-reactions--and-receipts');
  });

  it('finds the links this test checks, so it can fail', () => {
    const links = FILES.flatMap(linksOf);
    expect(links.filter((link) => link.file === README).length).toBeGreaterThan(10);
    expect(links.some((link) => link.target.includes('#'))).toBe(true);
    expect(brokenBecause({ file: README, line: 1, target: 'docs/no-such-file.md' })).toMatch(/does not exist/);
    expect(brokenBecause({ file: README, line: 1, target: 'docs/testing.md#no-such-heading' })).toMatch(/is no heading/);
    expect(brokenBecause({ file: README, line: 1, target: '#house-rules' })).toBeUndefined();
  });

  it('link only to files and headings that exist', () => {
    const broken = FILES.flatMap(linksOf).flatMap((link) => {
      const why = brokenBecause(link);
      return why ? [`${relative(ROOT, link.file)}:${link.line} (${link.target}): ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('reach every document of docs/ from the README', () => {
    const linked = new Set(linksOf(README).map((link) => resolve(ROOT, link.target.split('#')[0]!)));
    const unlinked = FILES.filter((file) => file !== README && !linked.has(file)).map((file) => relative(ROOT, file));
    expect(unlinked).toEqual([]);
  });

  it(`keep the README at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(README, 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

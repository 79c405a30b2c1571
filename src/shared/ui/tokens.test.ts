// The design system's house rules, checked over the whole source: colours come only from the tokens
// (so the dark theme is complete), and no emoji or text character stands in for an icon (they render
// as empty boxes where the device lacks the font, and never match the icon set).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const COLOUR_LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklch|oklab|color)\(|:\s*(?:white|black|red|blue|green|gray|grey|purple)\b/i;

/** A character that draws a picture: emoji, dingbats, arrows, geometric shapes, check marks. */
const ICON_CHARACTER = /\p{Extended_Pictographic}|[\u2190-\u21ff\u2700-\u27bf\u25a0-\u25ff\u2b00-\u2bff]/u;
// Characters that are text, not icons, though Unicode calls some of them pictographic.
const TEXT_CHARACTERS = new Set(['©', '®', '™', '·', '…', '–', '—', '•']);

function offendingLines(file: string, pattern: RegExp, { commentsToo = false } = {}): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => commentsToo || !/^\s*(\/\/|\/?\*)/.test(line))
    .filter(({ line }) => [...line].some((char) => !TEXT_CHARACTERS.has(char) && pattern.test(char)) || (pattern === COLOUR_LITERAL && pattern.test(line)))
    .map(({ line, number }) => `${file}:${number}: ${line.trim()}`);
}

describe('design tokens', () => {
  it('no stylesheet but tokens.css writes a colour of its own', () => {
    const sheets = filesUnder('src', (name) => name.endsWith('.css')).filter((file) => !file.endsWith('shared/ui/tokens.css'));
    const found = sheets.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
        .split('\n')
        .flatMap((line, index) => (COLOUR_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found, 'use a var(--token) from src/shared/ui/tokens.css').toEqual([]);
  });

  it('the dark theme gives a value to every colour token of the light one', () => {
    const css = readFileSync(join(ROOT, 'src/shared/ui/tokens.css'), 'utf8');
    const block = (selector: string) => css.slice(css.indexOf(selector), css.indexOf('\n}', css.indexOf(selector)));
    const names = (text: string) => new Set([...text.matchAll(/(--[\w-]+):\s*(#|rgb)/g)].map((match) => match[1] ?? ''));
    const light = names(block(':root {'));
    const dark = names(block(":root[data-theme='dark'] {"));
    const missing = [...light].filter((name) => !dark.has(name) && !name.startsWith('--call-') && !name.startsWith('--on-stage'));
    expect(missing).toEqual([]);
  });
});

describe('icons', () => {
  it('no emoji or text character is used as an icon in the app or its texts', () => {
    const files = [
      ...filesUnder('src', (name) => /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name)),
      ...filesUnder('public/assets/i18n', (name) => name.endsWith('.json')),
      'index.html',
    ];
    const found = files.flatMap((file) => offendingLines(file, ICON_CHARACTER));
    expect(found, 'use an icon from src/shared/ui/icons.tsx').toEqual([]);
  });
});

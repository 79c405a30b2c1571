// The Indonesian glossary (docs/glossary-id.md) applied: no text of id.json uses a word the glossary
// rejects for one of the app's terms (a whole word, any case), so a thing is called the same everywhere.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const glossary = readFileSync(resolve(root, 'docs/glossary-id.md'), 'utf8');
const texts = JSON.parse(readFileSync(resolve(root, 'public/assets/i18n/id.json'), 'utf8')) as unknown;

/** The glossary's rows: the English term, its Indonesian word and the rejected words. */
function glossaryRows(markdown: string): { term: string; word: string; rejected: string[] }[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('|---'))
    .map((line) => {
      const [term = '', word = '', rejected = ''] = line.split('|').slice(1).map((cell) => cell.trim());
      return { term, word, rejected: rejected.split(',').map((variant) => variant.trim()).filter(Boolean) };
    });
}

/** Every text of a translation tree with its key. */
function leaves(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

/** The texts that use `variant` as a whole word (letters on neither side), any case. */
const textsUsing = (entries: [string, string][], variant: string) => {
  const word = new RegExp(`(?<![\\p{L}])${variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu');
  return entries.filter(([, text]) => word.test(text)).map(([key, text]) => `${key}: ${text}`);
};

describe('the Indonesian glossary', () => {
  const rows = glossaryRows(glossary);

  it('has its terms, each with one Indonesian word and rejected words', () => {
    expect(rows.map((row) => row.term)).toContain('chat (a conversation, the Chat tab)');
    expect(rows.find((row) => row.word === 'chat')?.rejected).toContain('obrolan');
    for (const row of rows) expect(row.rejected.length, row.term).toBeGreaterThan(0);
  });

  it.each(glossaryRows(glossary).flatMap((row) => row.rejected.map((variant) => [variant, row.word] as const)))(
    'id.json never says "%s" (the glossary says "%s")',
    (variant) => {
      expect(textsUsing(leaves(texts), variant)).toEqual([]);
    },
  );

  it('the check catches a rejected word in a text, in any case, and not inside another word', () => {
    const sample: [string, string][] = [
      ['a', 'Mulai Obrolan Grup'],
      ['b', 'Hapus obrolan ini?'],
      ['c', 'Berkas profile'],
    ];
    expect(textsUsing(sample, 'obrolan')).toEqual(['a: Mulai Obrolan Grup', 'b: Hapus obrolan ini?']);
    expect(textsUsing(sample, 'file')).toEqual([]);
  });
});

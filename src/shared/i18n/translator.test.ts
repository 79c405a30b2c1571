// The in-house translator does what the app used of i18next, the same way: nested keys, {{name}}
// interpolation without escaping, plural forms by count, the fallback language, the key when nothing
// translates it, and a change of language that loads first and tells its subscribers once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, pluralCategory, type TranslationTree } from './translator.ts';

const en: TranslationTree = {
  common: { ok: 'OK', hello: 'Hello, {{name}}!', empty: '' },
  chat: {
    unread_one: '{{count}} unread message',
    unread_other: '{{count}} unread messages',
    only_other: '{{count}} things',
    members: '{{count}} members',
    onlyEnglish_one: 'one in English',
    onlyEnglish_other: '{{count}} in English',
  },
  status: { lastSeen: 'Last seen {{when}} by {{ who }}' },
};
const id: TranslationTree = {
  common: { ok: 'Oke', hello: 'Halo, {{name}}!', empty: '' },
  chat: { unread_one: '{{count}} pesan (satu)', unread_other: '{{count}} pesan belum dibaca', members: '{{count}} anggota' },
};

const translator = (language = 'en') => createTranslator({ language, fallbackLanguage: 'en', resources: { en, id } });

/** A loader whose answers the test gives: resolve(language, tree) or reject(language, error). */
function manualLoader() {
  const pending = new Map<string, { resolve: (tree: TranslationTree) => void; reject: (error: unknown) => void }>();
  const load = vi.fn(
    (language: string) =>
      new Promise<TranslationTree>((resolve, reject) => {
        pending.set(language, { resolve, reject });
      }),
  );
  const answer = async (language: string, outcome: TranslationTree | Error) => {
    await vi.waitFor(() => expect(pending.has(language)).toBe(true));
    const call = pending.get(language)!;
    pending.delete(language);
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome);
  };
  return { load, answer };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('t', () => {
  it('reads nested keys', () => {
    expect(translator().t('common.ok')).toBe('OK');
    expect(translator('id').t('common.ok')).toBe('Oke');
  });

  it('puts values in the placeholders as they are, HTML included (React escapes what it renders)', () => {
    const { t } = translator();
    expect(t('common.hello', { name: 'Ayu' })).toBe('Hello, Ayu!');
    expect(t('common.hello', { name: '<b>Budi & Co</b>' })).toBe('Hello, <b>Budi & Co</b>!');
    expect(t('status.lastSeen', { when: 3, who: 'Ayu' })).toBe('Last seen 3 by Ayu');
  });

  it('never reads placeholders inside a value, and repeats a placeholder that appears twice', () => {
    const t = createTranslator({ language: 'en', fallbackLanguage: 'en', resources: { en: { twice: '{{a}} and {{a}} ({{b}})' } } }).t;
    expect(t('twice', { a: '{{b}}', b: 'B' })).toBe('{{b}} and {{b}} (B)');
  });

  it('keeps a placeholder nobody gave a value for, and empties one given as undefined or null', () => {
    const { t } = translator();
    expect(t('common.hello')).toBe('Hello, {{name}}!');
    expect(t('common.hello', {})).toBe('Hello, {{name}}!');
    expect(t('common.hello', { name: undefined })).toBe('Hello, !');
    expect(t('common.hello', { name: null })).toBe('Hello, !');
  });

  it('gives the key itself when no language has it, interpolated', () => {
    const { t } = translator('id');
    expect(t('common.nothing')).toBe('common.nothing');
    expect(t('nothing.at.all', { count: 2 })).toBe('nothing.at.all');
    expect(t('Server says {{code}}', { code: 7 })).toBe('Server says 7');
  });

  it('gives defaultValue, interpolated, when no language has the key', () => {
    const { t } = translator();
    expect(t('The password is too short', { defaultValue: 'The password is too short' })).toBe('The password is too short');
    expect(t('missing', { defaultValue: 'At least {{max}}', max: 8 })).toBe('At least 8');
    expect(t('common.ok', { defaultValue: 'unused' })).toBe('OK');
  });

  it('never gives an object, an empty text or what objects inherit: the fallback or the key instead', () => {
    const { t } = translator('id');
    expect(t('common')).toBe('common');
    expect(t('common.empty')).toBe('common.empty');
    expect(t('toString')).toBe('toString');
    expect(t('constructor.name')).toBe('constructor.name');
    expect(t('__proto__')).toBe('__proto__');
    expect(t('common.ok.deeper')).toBe('common.ok.deeper');
  });

  it('falls back to English for a key the language lacks', () => {
    const { t } = translator('id');
    expect(t('status.lastSeen', { when: 'kemarin', who: 'Ayu' })).toBe('Last seen kemarin by Ayu');
  });
});

describe('plural forms', () => {
  it('English: "one" for a count of 1, "other" for any other', () => {
    const { t } = translator();
    expect(t('chat.unread', { count: 1 })).toBe('1 unread message');
    for (const count of [0, 2, 5, 1.5, 1000]) expect(t('chat.unread', { count })).toBe(`${count} unread messages`);
  });

  it('Indonesian: always "other", even for 1', () => {
    const { t } = translator('id');
    expect(t('chat.unread', { count: 1 })).toBe('1 pesan belum dibaca');
    expect(t('chat.unread', { count: 0 })).toBe('0 pesan belum dibaca');
  });

  it('the bare key when the text has no plural forms, then the "other" form when the one the count needs is missing', () => {
    const { t } = translator();
    expect(t('chat.members', { count: 1 })).toBe('1 members');
    expect(t('chat.only', { count: 1 })).toBe('1 things');
  });

  it("the fallback language's forms follow the fallback language's rules", () => {
    const { t } = translator('id');
    expect(t('chat.onlyEnglish', { count: 1 })).toBe('one in English');
    expect(t('chat.onlyEnglish', { count: 4 })).toBe('4 in English');
  });

  it('a text count (already formatted) is only interpolated', () => {
    const { t } = translator();
    expect(t('chat.unread', { count: '1' })).toBe('chat.unread');
    expect(t('chat.members', { count: '1,234' })).toBe('1,234 members');
  });

  it('chooses as Intl.PluralRules does, for any number (checked against it here, never created by the app)', () => {
    const rules = { en: new Intl.PluralRules('en'), id: new Intl.PluralRules('id') };
    // Whole numbers around 0 and 1, fractions, big and odd numbers, and a seeded sweep of random ones.
    // Not a fraction within 0.0005 of 1 (1.0004): Intl rounds it to 3 digits and says "one", this says
    // "other"; the app counts whole things.
    const numbers = [0, -0, 1, -1, 1.001, 0.999, 0.5, 1.5, 2, 11, 21, 101, 1e21, -1e21, Number.MAX_SAFE_INTEGER, Number.EPSILON, NaN, Infinity, -Infinity];
    for (let n = -200; n <= 200; n += 1) numbers.push(n, n / 10, n / 3);
    let seed = 36;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2_000; i += 1) numbers.push((random() - 0.5) * 10 ** Math.floor(random() * 12));
    for (const language of ['en', 'id'] as const) {
      const differing = numbers.filter((count) => pluralCategory(language, count) !== rules[language].select(count));
      expect({ language, differing }).toEqual({ language, differing: [] });
    }
  });
});

describe('without Intl', () => {
  it('creates and reads no Intl object (the first one of a page costs a slow phone ~150 ms)', async () => {
    const touched: PropertyKey[] = [];
    vi.stubGlobal(
      'Intl',
      new Proxy({}, {
        get: (_target, property) => {
          touched.push(property);
          throw new Error(`Intl.${String(property)} was used`);
        },
      }),
    );
    const subject = translator();
    expect(subject.t('chat.unread', { count: 1 })).toBe('1 unread message');
    await subject.changeLanguage('id');
    expect(subject.t('chat.unread', { count: 3 })).toBe('3 pesan belum dibaca');
    expect(touched).toEqual([]);
  });
});

describe('the language', () => {
  it('starts as asked; resolvedLanguage is the first of it and the fallback with texts', () => {
    const subject = createTranslator({ language: 'id', fallbackLanguage: 'en', resources: { en } });
    expect(subject.language).toBe('id');
    expect(subject.resolvedLanguage).toBe('en');
    subject.addResources('id', id);
    expect(subject.resolvedLanguage).toBe('id');
    expect(createTranslator({ language: 'id', fallbackLanguage: 'en' }).resolvedLanguage).toBeUndefined();
  });

  it('t is the same function until the language changes, and again when it comes back', async () => {
    const subject = translator();
    const english = subject.t;
    expect(subject.t).toBe(english);
    await subject.changeLanguage('id');
    expect(subject.t).not.toBe(english);
    expect(subject.t('common.ok')).toBe('Oke');
    await subject.changeLanguage('en');
    expect(subject.t).toBe(english);
  });

  it('tells each subscriber once per change, and nobody for a change to the same language or after unsubscribing', async () => {
    const subject = translator();
    const listener = vi.fn();
    const unsubscribe = subject.subscribe(listener);
    await subject.changeLanguage('en');
    expect(listener).not.toHaveBeenCalled();
    await subject.changeLanguage('id');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await subject.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("loads the language's texts and the fallback's before switching, each once", async () => {
    const { load, answer } = manualLoader();
    const subject = createTranslator({ language: 'en', fallbackLanguage: 'en', load });
    const listener = vi.fn();
    subject.subscribe(listener);
    const changing = subject.changeLanguage('id');
    const again = subject.changeLanguage('id');
    await answer('en', en);
    expect(subject.language).toBe('en');
    await answer('id', id);
    await Promise.all([changing, again]);
    expect(subject.language).toBe('id');
    expect(subject.t('common.ok')).toBe('Oke');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(load.mock.calls.map(([language]) => language).sort()).toEqual(['en', 'id']);
    await subject.changeLanguage('en');
    await subject.changeLanguage('id');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('the last change asked for wins, however the loads finish', async () => {
    const { load, answer } = manualLoader();
    const subject = createTranslator({ language: 'en', fallbackLanguage: 'en', resources: { en }, load });
    const toIndonesian = subject.changeLanguage('id');
    const backToEnglish = subject.changeLanguage('en');
    await backToEnglish;
    await answer('id', id);
    await toIndonesian;
    expect(subject.language).toBe('en');
    expect(subject.t('common.ok')).toBe('OK');
  });

  it("a file that cannot be loaded: the switch happens, the fallback's texts show, the change rejects with why, and the next change tries again", async () => {
    const { load, answer } = manualLoader();
    const subject = createTranslator({ language: 'en', fallbackLanguage: 'en', resources: { en }, load });
    const listener = vi.fn();
    subject.subscribe(listener);
    const failed = subject.changeLanguage('id');
    const offline = new TypeError('Failed to fetch');
    await answer('id', offline);
    await expect(failed).rejects.toBe(offline);
    expect(subject.language).toBe('id');
    expect(subject.resolvedLanguage).toBe('en');
    expect(subject.t('common.ok')).toBe('OK');
    expect(listener).toHaveBeenCalledTimes(1);

    const retried = subject.changeLanguage('id');
    await answer('id', id);
    await retried;
    expect(subject.resolvedLanguage).toBe('id');
    expect(subject.t('common.ok')).toBe('Oke');
  });

  it('no file at all (the fallback failed too): the keys show', async () => {
    const subject = createTranslator({ language: 'en', fallbackLanguage: 'en', load: () => Promise.reject(new Error('Malformed translations for en')) });
    await expect(subject.changeLanguage('en')).rejects.toThrow('Malformed translations for en');
    expect(subject.resolvedLanguage).toBeUndefined();
    expect(subject.t('common.ok')).toBe('common.ok');
  });
});

// @vitest-environment happy-dom
// The app's texts from the start to a switch of language, as the app runs them: initI18n loads the
// stored language's file (and English's) through the start-up SDK, the screens read the app's translator
// without a provider, and the language switch changes every text, the page's lang and the stored choice.
// A file that is malformed or cannot be fetched leaves English's texts showing.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/storage.ts';
import { json, stubRequestAndFetch } from '../testing/render-app.tsx';

const file = (language: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../public/assets/i18n/${language}.json`), 'utf8'));

/** The translation files as the server answers them; `answers` replaces a language's answer. */
function serveTranslations(answers: Partial<Record<'en' | 'id', () => Response>> = {}) {
  const fetchMock = stubRequestAndFetch((url) => {
    const language = /^\/assets\/i18n\/(en|id)\.json$/.exec(url.pathname)?.[1] as 'en' | 'id' | undefined;
    if (!language) return json({ error: true }, 404);
    return answers[language]?.() ?? json(file(language));
  });
  return { requested: () => fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname) };
}

/**
 * The app as it starts: its own modules loaded afresh (the app translator and the storage are module
 * state), the storage holding `language` when given.
 */
async function startApp(language?: string) {
  vi.resetModules();
  const { initAppStorage } = await import('../storage/storage.ts');
  const { appTranslator, initI18n } = await import('./i18n.ts');
  const { LanguageSwitch } = await import('./language-switch.tsx');
  const { useTranslation } = await import('./react.tsx');
  const storage = await initAppStorage({});
  if (language) await storage.set(STORAGE_KEYS.language, language);
  function Title() {
    const { t } = useTranslation();
    return <h1>{t('routes.home')}</h1>;
  }
  return { storage, appTranslator, LanguageSwitch, Title, init: () => initI18n(storage) };
}

const select = () => screen.getByRole<HTMLSelectElement>('combobox');

afterEach(cleanup);

describe('the app translator, from the start to a switch', () => {
  it('starts in English without a stored language, loading only en.json', async () => {
    const server = serveTranslations();
    const app = await startApp();
    await app.init();
    expect(server.requested()).toEqual(['/assets/i18n/en.json']);
    expect(document.documentElement.lang).toBe('en');
    expect(app.appTranslator.language).toBe('en');
    render(<app.LanguageSwitch />);
    expect(screen.getByText('Language')).toBeTruthy();
    expect(select().value).toBe('en');
  });

  it('a first visit from an Indonesian browser starts in Indonesian without storing it; a stored choice wins over the browser', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['id-ID', 'en-US']);
    try {
      serveTranslations();
      const first = await startApp();
      await first.init();
      expect(first.appTranslator.language).toBe('id');
      expect(document.documentElement.lang).toBe('id');
      expect(first.storage.get(STORAGE_KEYS.language)).toBeUndefined();

      const chosen = await startApp('en');
      await chosen.init();
      expect(chosen.appTranslator.language).toBe('en');
      render(<chosen.Title />);
      expect(screen.getByRole('heading').textContent).toBe('Home');
    } finally {
      languages.mockRestore();
    }
  });

  it('starts in the stored language (loading English too, the fallback), and switches every text, the lang and the stored choice', async () => {
    const server = serveTranslations();
    const app = await startApp('id');
    await app.init();
    expect(server.requested().sort()).toEqual(['/assets/i18n/en.json', '/assets/i18n/id.json']);
    expect(document.documentElement.lang).toBe('id');
    render(
      <>
        <app.Title />
        <app.LanguageSwitch />
      </>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Beranda');
    expect(screen.getByText('Bahasa')).toBeTruthy();
    expect(select().value).toBe('id');

    fireEvent.change(select(), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Home'));
    expect(screen.getByText('Language')).toBeTruthy();
    expect(select().value).toBe('en');
    await waitFor(() => expect(app.storage.get(STORAGE_KEYS.language)).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(server.requested()).toHaveLength(2);
  });

  it('a malformed file: the start rejects with why (the app warns and renders), and English shows', async () => {
    serveTranslations({ id: () => json({ common: { language: 3 } }) });
    const app = await startApp('id');
    await expect(app.init()).rejects.toThrow('Malformed translations for id');
    expect(document.documentElement.lang).toBe('id');
    expect(app.appTranslator.language).toBe('id');
    render(
      <>
        <app.Title />
        <app.LanguageSwitch />
      </>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Home');
    expect(select().value).toBe('en');
  });

  it('no file at all: the keys show', async () => {
    serveTranslations({ en: () => json({ error: true }, 404) });
    const app = await startApp();
    await expect(app.init()).rejects.toBeDefined();
    render(<app.Title />);
    expect(screen.getByRole('heading').textContent).toBe('routes.home');
  });

  it('a file the switch cannot fetch: English stays, the choice is kept as before, and the next switch fetches it again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let offline = true;
    const server = serveTranslations({
      id: () => {
        if (offline) throw new TypeError('Failed to fetch');
        return json(file('id'));
      },
    });
    const app = await startApp();
    await app.init();
    render(
      <>
        <app.Title />
        <app.LanguageSwitch />
      </>,
    );

    fireEvent.change(select(), { target: { value: 'id' } });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Translations could not be loaded', expect.any(TypeError)));
    await waitFor(() => expect(app.storage.get(STORAGE_KEYS.language)).toBe('id'));
    expect(document.documentElement.lang).toBe('id');
    expect(screen.getByRole('heading').textContent).toBe('Home');
    expect(select().value).toBe('en');

    offline = false;
    await act(() => app.appTranslator.changeLanguage('en'));
    fireEvent.change(select(), { target: { value: 'id' } });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Beranda'));
    expect(select().value).toBe('id');
    expect(server.requested().filter((path) => path.endsWith('/id.json'))).toHaveLength(2);
  });
});

// @vitest-environment happy-dom
// useTranslation: the provider's translator (the app's without one), a render again when its language
// changes, and the same `t` between changes, so effects that depend on it do not run again.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { appTranslator } from './i18n.ts';
import { I18nProvider, useTranslation } from './react.tsx';
import { createTranslator, type TFunction } from './translator.ts';

const translator = () =>
  createTranslator({
    language: 'en',
    fallbackLanguage: 'en',
    resources: { en: { hello: 'Hello, {{name}}', unread_one: '{{count}} unread', unread_other: '{{count}} unread (many)' }, id: { hello: 'Halo, {{name}}' } },
  });

afterEach(cleanup);

describe('useTranslation', () => {
  it("reads the provider's translator, and renders again when its language changes", async () => {
    const subject = translator();
    let renders = 0;
    function Greeting() {
      const { t, i18n } = useTranslation();
      renders += 1;
      return <p lang={i18n.language}>{t('hello', { name: 'Ayu' })}</p>;
    }
    // Counts React's renders: outside StrictMode, which renders each one twice by design.
    render(
      <I18nProvider i18n={subject}>
        <Greeting />
      </I18nProvider>,
      { reactStrictMode: false },
    );
    const text = () => screen.getByRole('paragraph');
    expect(text().textContent).toBe('Hello, Ayu');
    const before = renders;

    await act(() => subject.changeLanguage('id'));
    expect(text().textContent).toBe('Halo, Ayu');
    expect(text().getAttribute('lang')).toBe('id');
    expect(renders).toBe(before + 1);

    await act(() => subject.changeLanguage('en'));
    expect(text().textContent).toBe('Hello, Ayu');
  });

  it('keeps the same t between changes of language, so an effect on it runs once per language', async () => {
    const subject = translator();
    const seen: TFunction[] = [];
    let rerender: () => void = () => undefined;
    function Counter() {
      const { t } = useTranslation();
      const [, setTick] = useState(0);
      rerender = () => setTick((tick) => tick + 1);
      useEffect(() => {
        seen.push(t);
      }, [t]);
      return <p>{t('unread', { count: 1 })}</p>;
    }
    render(
      <I18nProvider i18n={subject}>
        <Counter />
      </I18nProvider>,
    );
    act(() => rerender());
    act(() => rerender());
    // One t until the language changes (StrictMode runs the mount's effect twice, with the same t).
    expect(new Set(seen).size).toBe(1);
    await act(() => subject.changeLanguage('id'));
    expect(new Set(seen).size).toBe(2);
    expect(seen.at(-1)).not.toBe(seen[0]);
    expect(screen.getByRole('paragraph').textContent).toBe('1 unread');
  });

  it("without a provider, reads the app's translator", async () => {
    function Title() {
      const { t, i18n } = useTranslation();
      expect(i18n).toBe(appTranslator);
      return <h1>{t('routes.home')}</h1>;
    }
    appTranslator.addResources('en', { routes: { home: 'Home' } });
    appTranslator.addResources('id', { routes: { home: 'Beranda' } });
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Home');
    await act(() => appTranslator.changeLanguage('id'));
    expect(screen.getByRole('heading').textContent).toBe('Beranda');
  });
});

// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page.tsx';

const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/assets/i18n/en.json'), 'utf8')) as Record<string, unknown>;
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

afterEach(cleanup);

function renderAt(path: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<p>Home screen</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('NotFoundPage', () => {
  it('says the page does not exist and links home', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText('This page does not exist or has moved.').tagName).toBe('P');
    const link = screen.getByRole('link', { name: 'Go to Home' });
    expect(link.getAttribute('href')).toBe('/home');

    fireEvent.click(link);
    expect(screen.getByText('Home screen')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '../shared/i18n/react.tsx';
import type { Translator } from '../shared/i18n/translator.ts';
import { createTestI18n } from '../shared/testing/test-i18n.ts';
import { NotFoundPage } from './not-found-page.tsx';

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

afterEach(cleanup);

function renderAt(path: string) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<p>Home screen</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
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

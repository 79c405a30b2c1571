// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/translator.ts';
import { createTestI18n } from '../testing/test-i18n.ts';
import { headerActionClass, ScreenHeader } from './screen-header.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/** The app's real history (BrowserRouter over jsdom's window.history): Home links to the screen. */
function renderInBrowserHistory(start: string) {
  window.history.replaceState(null, '', start);
  return render(
    <I18nProvider i18n={i18nInstance}>
      <BrowserRouter>
        <Routes>
          <Route
            path="/home"
            element={
              <>
                <h1>Home screen</h1>
                <Link to="/notification">Open notifications</Link>
              </>
            }
          />
          <Route path="/notification" element={<ScreenHeader title="Notifications" back="/home" />} />
          <Route path="/chats" element={<h1>Chat list</h1>} />
        </Routes>
        <Where />
      </BrowserRouter>
    </I18nProvider>,
  );
}

describe('ScreenHeader', () => {
  it('shows the title as the heading, Back as a named button with an icon and no text, and the actions', () => {
    render(
      <I18nProvider i18n={i18nInstance}>
        <MemoryRouter>
          <ScreenHeader
            title="Notifications"
            titleId="n-title"
            back="/home"
            actions={
              <button type="button" className={headerActionClass}>
                Refresh
              </button>
            }
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Notifications' });
    expect(heading.id).toBe('n-title');
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back.textContent).toBe('');
    expect(back.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    // Back comes first, then the title, then the actions.
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Back', 'Refresh']);
  });

  it("names Back in the person's language", async () => {
    i18nInstance.addResources('id', JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../public/assets/i18n/id.json'), 'utf8')));
    await act(() => i18nInstance.changeLanguage('id'));
    render(
      <I18nProvider i18n={i18nInstance}>
        <MemoryRouter>
          <ScreenHeader title="Notifikasi" back="/home" />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeTruthy();
    await act(() => i18nInstance.changeLanguage('en'));
  });

  it('has no Back on a root screen', () => {
    render(
      <I18nProvider i18n={i18nInstance}>
        <MemoryRouter>
          <ScreenHeader title="Chats" />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeTruthy();
  });

  it('Back goes back inside the app when the person came from another screen', async () => {
    renderInBrowserHistory('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Open notifications' }));
    expect(screen.getByTestId('location').textContent).toBe('/notification');
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    // Back, not a new entry: the history did not grow.
    expect(window.history.length).toBe(entries);
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeTruthy();
  });

  it('Back goes to the fallback, replacing the entry, when the screen was opened from outside', () => {
    renderInBrowserHistory('/notification');
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/home');
    expect(window.history.length).toBe(entries);
    expect((window.history.state as { idx: number }).idx).toBe(0);
  });

  it('Back does what the screen says when it passes a function', () => {
    const back = vi.fn();
    render(
      <I18nProvider i18n={i18nInstance}>
        <MemoryRouter>
          <ScreenHeader title="Poll" back={back} />
        </MemoryRouter>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});

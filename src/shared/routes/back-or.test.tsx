// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { historyIndex, useBackOr } from './back-or.ts';

afterEach(cleanup);

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

function Leave({ fallback, steps }: { fallback: string; steps?: number }) {
  const back = useBackOr(fallback, steps);
  return (
    <button type="button" onClick={back}>
      Leave
    </button>
  );
}

function renderAt(start: string, steps?: number) {
  window.history.replaceState(null, '', start);
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/a" element={<Link to="/b">to b</Link>} />
        <Route path="/b" element={<Link to="/c">to c</Link>} />
        <Route path="/c" element={<Leave fallback="/fallback" steps={steps} />} />
        <Route path="/fallback" element={null} />
      </Routes>
      <Where />
    </BrowserRouter>,
  );
}

describe('goBackOr / useBackOr', () => {
  it('reads the entry index BrowserRouter keeps, and nothing outside it', () => {
    window.history.replaceState(null, '', '/x');
    expect(historyIndex()).toBeUndefined();
    window.history.replaceState({ idx: 3 }, '', '/x');
    expect(historyIndex()).toBe(3);
  });

  it('goes back one entry inside the app', async () => {
    renderAt('/b');
    fireEvent.click(screen.getByRole('link', { name: 'to c' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/b'));
  });

  it('goes back several entries when asked and the history has them', async () => {
    renderAt('/a', 2);
    fireEvent.click(screen.getByRole('link', { name: 'to b' }));
    fireEvent.click(screen.getByRole('link', { name: 'to c' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/a'));
  });

  it('falls back, replacing the entry, when the history has fewer entries than asked', () => {
    renderAt('/b', 2);
    fireEvent.click(screen.getByRole('link', { name: 'to c' }));
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByTestId('location').textContent).toBe('/fallback');
    expect(window.history.length).toBe(entries);
  });

  it('falls back when the screen is the first entry (opened from a link, a notification, a reload)', () => {
    renderAt('/c');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByTestId('location').textContent).toBe('/fallback');
  });
});

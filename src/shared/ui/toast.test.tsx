// Toasts as a person meets them: read out in a status region, one at a time in order, gone by themselves.
// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast } from './toast.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

const region = () => screen.getByRole('status');

describe('showToast', () => {
  it('shows the text in a status region and takes it away after 4 s', () => {
    act(() => showToast('Copied'));
    expect(region().textContent).toBe('Copied');
    expect(region().getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(3900));
    expect(region().textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(200));
    expect(region().textContent).toBe('');
  });

  it('queues: the next one shows when the first has gone', () => {
    act(() => {
      showToast('Saved', { tone: 'success' });
      showToast('Could not send', { tone: 'danger', duration: 6000 });
    });
    expect(region().textContent).toBe('Saved');
    expect(region().querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    act(() => vi.advanceTimersByTime(4000));
    expect(region().textContent).toBe('Could not send');
    expect(region().querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('danger');
    act(() => vi.advanceTimersByTime(5000));
    expect(region().textContent).toBe('Could not send');
    act(() => vi.advanceTimersByTime(1000));
    expect(region().textContent).toBe('');
  });

  it('a tap dismisses it; the pointer resting on it keeps it', () => {
    act(() => showToast('First'));
    const toast = () => region().firstElementChild as HTMLElement;
    act(() => toast().dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    act(() => vi.advanceTimersByTime(10_000));
    expect(region().textContent).toBe('First');
    act(() => toast().click());
    expect(region().textContent).toBe('');
  });

  it('has one host however many toasts', () => {
    act(() => {
      showToast('One');
      showToast('Two');
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

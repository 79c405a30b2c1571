// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/translator.ts';
import { createTestI18n } from '../testing/test-i18n.ts';
import { PullHint } from './pull-hint.tsx';
import { PULL_MAX, PULL_THRESHOLD, usePullToRefresh } from './pull-to-refresh.ts';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

function List({ atTop = true, onRefresh }: { atTop?: boolean; onRefresh(): void }) {
  const pull = usePullToRefresh({ canStart: () => atTop, onRefresh });
  return (
    <I18nProvider i18n={i18nInstance}>
      <div data-testid="list" {...pull.handlers}>
        <PullHint pull={pull} />
        <p>rows</p>
      </div>
    </I18nProvider>
  );
}

const at = (clientY: number) => ({ touches: [{ clientY }] });

describe('pull to refresh', () => {
  it('says "Pull to refresh", then "Release to refresh" past the threshold, and refreshes once when let go there', () => {
    const onRefresh = vi.fn();
    render(<List onRefresh={onRefresh} />);
    const list = screen.getByTestId('list');
    expect(screen.queryByText('Pull to refresh')).toBeNull();
    fireEvent.touchStart(list, at(100));
    fireEvent.touchMove(list, at(100 + PULL_THRESHOLD - 1));
    expect(screen.getByText('Pull to refresh').style.height).toBe(`${PULL_THRESHOLD - 1}px`);
    fireEvent.touchMove(list, at(100 + PULL_THRESHOLD));
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    // The pull shown stops at its maximum.
    fireEvent.touchMove(list, at(100 + PULL_MAX + 50));
    expect(screen.getByText('Release to refresh').style.height).toBe(`${PULL_MAX}px`);
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.queryByText('Release to refresh')).toBeNull();
  });

  it('does not refresh when let go short of the threshold, and a cancelled pull ends', () => {
    const onRefresh = vi.fn();
    render(<List onRefresh={onRefresh} />);
    const list = screen.getByTestId('list');
    fireEvent.touchStart(list, at(100));
    fireEvent.touchMove(list, at(100 + PULL_THRESHOLD - 1));
    fireEvent.touchEnd(list);
    fireEvent.touchStart(list, at(100));
    fireEvent.touchMove(list, at(120));
    fireEvent.touchCancel(list);
    expect(screen.queryByText('Pull to refresh')).toBeNull();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('an upward move is no pull, and a touch that starts below the top of the list does nothing', () => {
    const onRefresh = vi.fn();
    const { rerender } = render(<List onRefresh={onRefresh} />);
    const list = screen.getByTestId('list');
    fireEvent.touchStart(list, at(300));
    fireEvent.touchMove(list, at(100));
    expect(screen.queryByText('Pull to refresh')).toBeNull();
    fireEvent.touchEnd(list);

    rerender(<List atTop={false} onRefresh={onRefresh} />);
    fireEvent.touchStart(list, at(100));
    fireEvent.touchMove(list, at(300));
    expect(screen.queryByText('Release to refresh')).toBeNull();
    fireEvent.touchEnd(list);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { LiveUpdatesNotice } from './live-updates-notice.tsx';
import { longPollStatus } from './long-poll-status.ts';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  longPollStatus.set('stopped');
  longPollStatus.setRetry(undefined);
});

const renderNotice = () =>
  render(
    <I18nProvider i18n={i18nInstance}>
      <LiveUpdatesNotice />
    </I18nProvider>,
  );

describe('LiveUpdatesNotice', () => {
  it('stays empty while the poll runs', () => {
    longPollStatus.set('running');
    renderNotice();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says "Live updates paused" with a Retry button once the poll stopped after a failure, and Retry resumes it', async () => {
    const retry = vi.fn(() => longPollStatus.set('running'));
    longPollStatus.setRetry(retry);
    renderNotice();
    act(() => longPollStatus.set('paused'));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Live updates pausedRetry');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { LiveUpdatesNotice } from './live-updates-notice.tsx';
import { longPollStatus } from './long-poll-status.ts';

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await createTestI18n();
});
afterEach(() => {
  cleanup();
  longPollStatus.set('stopped');
  longPollStatus.setRetry(undefined);
});

const renderNotice = () =>
  render(
    <I18nextProvider i18n={i18nInstance}>
      <LiveUpdatesNotice />
    </I18nextProvider>,
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

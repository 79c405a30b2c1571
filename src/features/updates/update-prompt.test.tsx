// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { UpdatePrompt, type UpdatePromptProps } from './update-prompt.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

function renderPrompt(props: Partial<UpdatePromptProps> = {}) {
  const onInstall = vi.fn();
  const onIgnore = vi.fn();
  render(
    <I18nProvider i18n={i18nInstance}>
      <UpdatePrompt onInstall={onInstall} onIgnore={onIgnore} {...props} />
    </I18nProvider>,
  );
  return { onInstall, onIgnore, dialog: screen.getByRole('dialog', { name: 'Update available' }) };
}

describe('UpdatePrompt', () => {
  it('asks about an optional update with Install and Ignore', async () => {
    const { dialog, onInstall, onIgnore } = renderPrompt();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Update available' })).toBeTruthy();
    expect(screen.getByText('An update is available. Would you like to install it?')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Ignore', 'Install']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Install' }));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(onInstall).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(onIgnore).toHaveBeenCalledTimes(1);
  });

  it('ignores on Escape and keeps focus inside the dialog', async () => {
    const { onIgnore } = renderPrompt();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ignore' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Install' }));
    await user.keyboard('{Escape}');
    expect(onIgnore).toHaveBeenCalledTimes(1);
  });

  it('offers only Continue for a mandatory update', async () => {
    const { dialog, onInstall, onIgnore } = renderPrompt({ mandatory: true });
    expect(dialog.textContent).toContain('An update is available that must be installed.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Continue']);

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onIgnore).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onInstall).toHaveBeenCalledTimes(1);
  });

  it('appends the description after the prefix', () => {
    renderPrompt({ description: 'Faster chat.' });
    expect(screen.getByText('An update is available. Would you like to install it? Description: Faster chat.')).toBeTruthy();
  });

  it('appends the description to the mandatory message too', () => {
    renderPrompt({ mandatory: true, description: 'Security fix.' });
    expect(screen.getByText('An update is available that must be installed. Description: Security fix.')).toBeTruthy();
  });

  it('disables the buttons while the new version takes over', () => {
    renderPrompt({ busy: true });
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

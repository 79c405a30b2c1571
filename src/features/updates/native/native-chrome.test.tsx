// @vitest-environment happy-dom
// The update dialog of SPEC §9 as the native shells show it: the real update client on the web device
// and the local update server, the app's English texts, and the back button while the dialog is open.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { OtaUpdater } from '../ota/ota-updater.ts';
import { APP_VERSION, createOtaHarness, type OtaHarness } from '../testing/ota-harness.ts';
import { createBackButtonRouter } from './back-button.ts';
import { NativeChrome } from './native-chrome.tsx';
import type { NativeShell, UpdateDialog } from './native-shell.ts';

let i18nInstance: Translator;
let harness: OtaHarness;

beforeAll(async () => {
  i18nInstance = createTestI18n();
  // The first sync waits for the first screen's content; here there is no screen, so say it is shown.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  markFirstContentShown();
});
beforeEach(async () => {
  harness = await createOtaHarness();
});
afterEach(async () => {
  cleanup();
  await harness.stop();
});

/** The shell as native-shell.ts wires it, on the test's device and server. */
function testShell(): NativeShell & { updater: OtaUpdater } {
  let dialog: UpdateDialog | undefined;
  return {
    updater: harness.launch({ confirmUpdate: (update) => (dialog ? dialog(update) : Promise.resolve(true)) }),
    backButton: createBackButtonRouter(),
    setUpdateDialog: (next) => {
      dialog = next;
    },
  };
}

function renderChrome(shell = testShell()) {
  render(
    <I18nProvider i18n={i18nInstance}>
      <NativeChrome start={() => Promise.resolve(shell)} />
    </I18nProvider>,
  );
  return shell;
}

const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

/** Presses the back button in the same task that puts the update dialog into the document. */
function pressBackWhenDialogShows(shell: NativeShell): Promise<void> {
  return new Promise((pressed) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('dialog')) return;
      observer.disconnect();
      shell.backButton.handle();
      pressed();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

describe('the update dialog', () => {
  it('asks about an optional update with Install and Ignore, and Install installs it for the next restart', async () => {
    await harness.release({ label: 'v2', description: 'Faster chat.' });
    const shell = renderChrome();
    const dialog = await screen.findByRole('dialog', { name: 'Update available' });
    expect(dialog.textContent).toContain('An update is available. Would you like to install it? Description: Faster chat.');
    expect(buttons()).toEqual(['Ignore', 'Install']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Install' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(shell.updater.getState().status).toBe('installed'));
    expect(harness.device.nextBundle()).toBe('v2');
  });

  it('offers only Continue for a mandatory update, which then installs at once', async () => {
    await harness.release({ label: 'v2', mandatory: true, description: 'Security fix.' });
    renderChrome();
    const dialog = await screen.findByRole('dialog', { name: 'Update available' });
    expect(dialog.textContent).toContain('An update is available that must be installed. Description: Security fix.');
    expect(buttons()).toEqual(['Continue']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(harness.device.served().label).toBe('v2'));
  });

  it('shows no description line when the release has none', async () => {
    await harness.release({ label: 'v2' });
    renderChrome();
    const dialog = await screen.findByRole('dialog', { name: 'Update available' });
    expect(dialog.querySelector('p')?.textContent).toBe('An update is available. Would you like to install it?');
  });

  it('ignores the update on Ignore: nothing is downloaded', async () => {
    await harness.release({ label: 'v2' });
    const shell = renderChrome();
    await screen.findByRole('dialog');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(shell.updater.getState().status).toBe('ignored'));
    expect(harness.server.reports.download).toEqual([]);
  });

  it('takes the back button as Ignore from the moment the dialog shows, but not for a mandatory update', async () => {
    await harness.release({ label: 'v2' });
    const shell = renderChrome();
    // Pressed as soon as the dialog is in the document, before anything else runs.
    await pressBackWhenDialogShows(shell);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shell.updater.getState().status).toBe('ignored');

    cleanup();
    await harness.release({ label: 'v3', mandatory: true });
    const mandatory = renderChrome();
    await pressBackWhenDialogShows(mandatory);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('mounting in the shell', () => {
  it('confirms a freshly installed bundle works (DeploymentSucceeded) before checking again', async () => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch().sync()).toBe('installed');
    harness.device.restart();
    renderChrome();
    await waitFor(() => expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentSucceeded', previous_label_or_app_version: APP_VERSION }]));
    await waitFor(() => expect(harness.server.checks).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

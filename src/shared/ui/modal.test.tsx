// The Modal and the alert host on the platform's <dialog>, as a keyboard and screen-reader user meets
// them: a named dialog, Close named "Close", Escape and the backdrop close it, Tab stays inside, focus
// goes back to what opened it; in a browser, showModal() (top layer, inert page) and close().
// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render as rtlRender, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/translator.ts';
import { createTestI18n } from '../testing/test-i18n.ts';
import { AlertHost, showAlert, showConfirm } from './alert-host.tsx';
import { Menu } from './menu.tsx';
import { Modal } from './modal.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const render = (ui: ReactElement) => rtlRender(<I18nProvider i18n={i18nInstance}>{ui}</I18nProvider>);

function Opener({ onClose = () => undefined, inside }: { onClose?: () => void; inside?: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Likes
      </button>
      {open && (
        <Modal
          title="Likes"
          closeLabel="Close"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">First</button>
          {inside}
          <button type="button">Last</button>
        </Modal>
      )}
    </>
  );
}

async function openModal(props: Parameters<typeof Opener>[0] = {}) {
  const user = userEvent.setup();
  render(<Opener {...props} />);
  const opener = screen.getByRole('button', { name: 'Likes' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Likes' }) };
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with focus inside, and a Close icon button named "Close"', async () => {
    const { dialog } = await openModal();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.textContent).toBe('');
    expect(close.querySelector('svg')).toBeTruthy();
  });

  it('Close closes it and gives focus back to what opened it', async () => {
    const onClose = vi.fn();
    const { user, opener } = await openModal({ onClose });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape closes it and gives focus back', async () => {
    const onClose = vi.fn();
    const { user, opener } = await openModal({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("Escape in a menu inside it closes the menu only", async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose, inside: <Menu label="Actions" items={[{ key: 'a', label: 'Archive', onSelect() {} }]} /> });
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' }));
  });

  it('Tab and Shift+Tab stay inside', async () => {
    const { user, dialog } = await openModal();
    screen.getByRole('button', { name: 'Last' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('a press on the backdrop (the dialog element itself) closes it; a press inside does not', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("opens with the browser's showModal() and closes with close(); the browser's cancel asks the owner", async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    try {
      const onClose = vi.fn();
      const { dialog } = await openModal({ onClose });
      // Open: shown once more than closed (StrictMode's double mount opens, closes and opens it again).
      expect(dialog.hasAttribute('open')).toBe(true);
      expect(showModal).toHaveBeenCalledTimes(close.mock.calls.length + 1);
      const cancel = new Event('cancel', { cancelable: true });
      act(() => {
        dialog.dispatchEvent(cancel);
      });
      expect(cancel.defaultPrevented).toBe(true);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(close).toHaveBeenCalledTimes(showModal.mock.calls.length);
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
    }
  });

  it("keeps its footer's actions outside the scrolling body", async () => {
    const user = userEvent.setup();
    render(
      <Modal title="Forward to" closeLabel="Close" onClose={() => undefined} footer={<button type="button">Forward</button>}>
        <ul>
          {Array.from({ length: 50 }, (_, index) => (
            <li key={index}>Room {index}</li>
          ))}
        </ul>
      </Modal>,
    );
    const forward = screen.getByRole('button', { name: 'Forward' });
    const body = screen.getByText('Room 0').closest('[tabindex="0"]');
    expect(body).toBeTruthy();
    expect(body!.contains(forward)).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Forward to' }).contains(forward)).toBe(true);
    await user.tab();
    expect(document.activeElement && screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it("follows the visual viewport: an on-screen keyboard's height lifts the sheet and caps it", async () => {
    const viewport = Object.assign(new EventTarget(), { height: 464, offsetTop: 0 });
    vi.stubGlobal('visualViewport', viewport);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    render(
      <Modal title="Upload File" closeLabel="Close" onClose={() => undefined}>
        <textarea aria-label="Message" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Upload File' });
    expect(dialog.style.getPropertyValue('--keyboard-inset')).toBe('380px');
    expect(dialog.style.getPropertyValue('--visual-height')).toBe('464px');
    // The keyboard goes away.
    act(() => {
      viewport.height = 844;
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(dialog.style.getPropertyValue('--keyboard-inset')).toBe('0px');
    expect(dialog.style.getPropertyValue('--visual-height')).toBe('844px');
    vi.unstubAllGlobals();
  });

  it('the page behind does not scroll while it is open', async () => {
    const { user } = await openModal();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});

describe('AlertHost', () => {
  it('shows an alert as a modal alertdialog with its header and message, focus on the button', async () => {
    render(<AlertHost />);
    let done = false;
    act(() => {
      void showAlert({ headerKey: 'errors.header', message: { text: 'Server says no' } }).then(() => {
        done = true;
      });
    });
    const alert = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(alert.tagName).toBe('DIALOG');
    expect(alert.textContent).toContain('Server says no');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ok' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await vi.waitFor(() => expect(done).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape answers a confirmation with no', async () => {
    render(<AlertHost />);
    let answer: boolean | undefined;
    act(() => {
      void showConfirm({ headerKey: 'errors.header', message: { text: 'Delete?' }, buttonKey: 'common.ok', cancelKey: 'common.close' }).then((yes) => {
        answer = yes;
      });
    });
    await screen.findByRole('alertdialog');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ok' }));
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(answer).toBe(false));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

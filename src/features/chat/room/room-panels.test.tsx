// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { FilesAndLinks } from './files-and-links.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  stubRequestAndFetch((url) => {
    if (url.pathname.endsWith('/files')) {
      return json({
        error: false,
        files: [
          { id: 1, file_name: 'invoice\u202Egnp.exe', file_size: 2048, signed_file_url: 'https://files.example/1?sig=a', mime_type: 'application/octet-stream' },
          { id: 2, message_uuid: 'msg-7', file_name: 'foto.png', file_size: 4096, signed_file_url: 'https://files.example/2?sig=b', mime_type: 'image/png' },
        ],
      });
    }
    return json({
      error: false,
      links: [
        { id: 1, url: 'https://аррӏе.com/login' },
        { id: 2, url: 'https://hr.example/form\u202Efdp.exe' },
      ],
    });
  });
  renderChat(<FilesAndLinks roomUuid="room-team" onClose={() => undefined} />, { queryClient: createTestQueryClient(), i18nInstance, at: '/live-chat/chat-room?uuid=room-team' });
}

describe('the files and links panel shows what others sent as it really is', () => {
  it('shows a file name without its bidirectional override, and downloads it under that name', async () => {
    renderPanel();
    const row = (await screen.findByTitle('invoicegnp.exe')).closest('li')!;
    expect(row.textContent).toContain('invoicegnp.exe');
    expect(row.textContent).not.toContain('\u202E');
    expect(within(row).getByRole('link', { name: 'Download invoicegnp.exe' }).getAttribute('download')).toBe('invoicegnp.exe');
  });

  it('opens a file known by its message in the attachment viewer, in the room’s family (issue 24)', async () => {
    renderPanel();
    const open = await screen.findByRole('link', { name: /^Open foto\.png/ });
    expect(open.getAttribute('href')).toBe('/attachment-view?uuid=room-team&message=msg-7&family=v2');
    await userEvent.setup().click(open);
    expect(screen.getByTestId('location').textContent).toBe('/attachment-view?uuid=room-team&message=msg-7&family=v2');
    // A file the server names no message for is listed, with its download, but cannot be opened.
    expect(screen.queryByRole('link', { name: /^Open invoicegnp\.exe/ })).toBeNull();
  });

  it('shows a link’s host in punycode and its text without bidirectional controls', async () => {
    renderPanel();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Links' }));
    const lookAlike = await screen.findByRole('link', { name: 'https://xn--80ak6aa92e.com/login' });
    expect(lookAlike.getAttribute('href')).toBe('https://xn--80ak6aa92e.com/login');
    const reordered = screen.getByRole('link', { name: 'https://hr.example/formfdp.exe' });
    expect(reordered.getAttribute('href')).toBe('https://hr.example/form%E2%80%AEfdp.exe');
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { ROOM_ID, refusal, renderDetail, startFakeServer, type FakeServer } from '../testing/detail-test-kit.tsx';

let i18nInstance: Translator;
let server: FakeServer;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  server = startFakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS_PATH = `/v2/live-chat/group-settings/${ROOM_ID}`;
const saves = () => server.calls.filter((call) => call.path === '/v2/live-chat/group-settings');
const group = (name: string) => screen.getByRole('group', { name });

async function openSettings() {
  const rendered = renderDetail(i18nInstance);
  const toggle = await screen.findByRole('button', { name: 'Who can be added' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(server.calls.some((call) => call.path === SETTINGS_PATH)).toBe(false);
  await rendered.user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  await screen.findByRole('button', { name: 'Save settings' });
  return rendered;
}

describe('who can be added (group settings)', () => {
  it('loads the settings when opened: business units as chips, companies and outlets checked', async () => {
    server.settings = { chat_room_id: ROOM_ID, business_units: ['12', 'Gudang Timur'], companies: ['3'], outlets: ['306'] };
    await openSettings();
    const units = group('Business units');
    expect(within(units).getByText('Retail Jabodetabek')).toBeTruthy();
    expect(within(units).getByText('Gudang Timur')).toBeTruthy();
    await waitFor(() => expect((within(group('Companies')).getByRole('checkbox', { name: 'PT Sinar Nusantara Retail' }) as HTMLInputElement).checked).toBe(true));
    expect((within(group('Companies')).getByRole('checkbox', { name: 'PT Cahaya Logistik Indonesia' }) as HTMLInputElement).checked).toBe(false);
    expect((within(group('Outlets')).getByRole('checkbox', { name: 'Outlet Kelapa Gading' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group('Outlets')).getByRole('checkbox', { name: 'Outlet Kemang' }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves the changed lists with string ids and says "Saved"', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Remove Retail Jabodetabek' }));
    await user.type(screen.getByRole('combobox', { name: 'Business unit' }), 'Gudang Timur{Enter}');
    await user.click(await within(group('Companies')).findByRole('checkbox', { name: 'PT Cahaya Logistik Indonesia' }));
    await user.click(within(group('Outlets')).getByRole('checkbox', { name: 'Outlet Kemang' }));
    expect(saves()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(saves()[0]?.body).toEqual({ chat_room_id: ROOM_ID, business_units: ['Gudang Timur'], companies: ['3', '4'], outlets: ['305'] });
    await user.click(within(group('Outlets')).getByRole('checkbox', { name: 'Outlet Kemang' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a refused save keeps the choices and shows the server message', async () => {
    server.refuse['/v2/live-chat/group-settings'] = refusal(403, 'Only group admins can change the settings.');
    const { user } = await openSettings();
    await user.click(await within(group('Outlets')).findByRole('checkbox', { name: 'Outlet Kemang' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Only group admins can change the settings.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect((within(group('Outlets')).getByRole('checkbox', { name: 'Outlet Kemang' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a failed load says so and Retry loads the settings', async () => {
    server.refuse[SETTINGS_PATH] = refusal(500, 'Server error.');
    const { user } = renderDetail(i18nInstance);
    await user.click(await screen.findByRole('button', { name: 'Who can be added' }));
    const alert = await screen.findByText('The group settings could not be loaded.');
    delete server.refuse[SETTINGS_PATH];
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save settings' })).toBeTruthy();
  });
});

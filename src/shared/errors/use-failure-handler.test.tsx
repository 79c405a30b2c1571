// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { subscribe } from '../events/app-events.ts';
import * as alerts from '../ui/alert-host.tsx';
import { useFailureHandler } from './use-failure-handler.ts';

afterEach(() => vi.restoreAllMocks());

function setup() {
  const shown = vi.spyOn(alerts, 'showAlert').mockResolvedValue(undefined);
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/chats']}>{children}</MemoryRouter>;
  const { result } = renderHook(() => ({ fail: useFailureHandler(), location: useLocation() }), { wrapper });
  return { shown, result };
}

describe('a screen’s failed call (SPEC §8)', () => {
  it("shows a server refusal's own message under Error and stays", async () => {
    const { shown, result } = setup();
    await result.current.fail(new ApiError('http', 403, { error: true, error_message: 'Only group admins can do that.' }));
    expect(shown).toHaveBeenCalledWith({ headerKey: 'errors.header', message: { text: 'Only group admins can do that.' } });
    expect(result.current.location.pathname).toBe('/chats');
  });

  it('sends a CHANGE_PASSWORD answer to /change-password (the catalogue shows no alert there outside likes)', async () => {
    const { shown, result } = setup();
    await result.current.fail(new ApiError('body', 200, { error: true, status_code: 'CHANGE_PASSWORD', error_message: 'Change it' }));
    expect(shown).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(result.current.location.pathname).toBe('/change-password'));
  });

  it('leaves an HTTP 401 to the logout the client already started: no alert, no second logout', async () => {
    const { shown, result } = setup();
    const logouts = vi.fn();
    const off = subscribe('user:logout', logouts);
    await result.current.fail(new ApiError('http', 401, { error: true, error_message: 'Unauthenticated.' }));
    off();
    expect(shown).not.toHaveBeenCalled();
    expect(logouts).not.toHaveBeenCalled();
  });
});

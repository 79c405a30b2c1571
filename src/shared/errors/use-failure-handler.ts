// A screen's failed call, handled as SPEC §8 says (through handleFailure): the catalogue's alert (a
// server refusal: its error_message under "Error"), then /change-password or logout where the catalogue
// sends the user. What the person typed or chose stays on screen.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { describeError, type ErrorContext } from '../../api/errors.ts';
import { handleFailure } from './handle-failure.ts';

export function useFailureHandler(context: ErrorContext = 'general'): (error: unknown) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (error: unknown) => {
      // An HTTP 401 has already ended the session in the client: a second logout is not started.
      if (error instanceof ApiError && error.kind === 'http' && error.status === 401) return;
      await handleFailure(describeError(context, error), { navigate: (path) => void navigate(path) });
    },
    [context, navigate],
  );
}

// A list that failed to load (feed, forum): where SPEC §8 sends the user away (CHANGE_PASS to
// /change-password, a 401 in the body to logout) that happens once; anything else stays on screen as
// the list's error text, with a retry, instead of an alert for every segment.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { describeError, type UserFacingError } from '../../../api/errors.ts';
import { handleFailure } from '../../errors/handle-failure.ts';
import { useMessageText } from '../use-message-text.ts';

const leavesTheScreen = (shown: UserFacingError) => shown.then === 'change-password' || shown.then === 'logout';

/** The text to show under the list's error heading, or null when there is no error (or the user is sent away). */
export function useListFailure(error: unknown): string | null {
  const navigate = useNavigate();
  const messageText = useMessageText();
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    const shown = describeError('general', error);
    if (!leavesTheScreen(shown)) return;
    // An HTTP 401 already ended the session in the client; publishing it twice would start two logouts.
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401) return;
    void handleFailure(shown, { navigate: (path) => void navigate(path) });
  }, [error, navigate]);

  if (!error) return null;
  const shown = describeError('general', error);
  return leavesTheScreen(shown) ? null : messageText(shown.message);
}

// Back, the one way: through the app's own history when it has the entries (react-router's
// BrowserRouter keeps the entry's index in history.state.idx), else to a fallback, replacing the entry,
// for a screen opened from outside (a link, a reload, a notification, a redirect that replaced the
// first entry): Back never leaves the app.
import { useCallback } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

/** The index of the current entry in the app's history, or undefined outside BrowserRouter's history. */
export function historyIndex(): number | undefined {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : undefined;
}

/** Goes `steps` entries back when the app's history has them, else to `fallback` (replacing the entry). */
export function goBackOr(navigate: NavigateFunction, fallback: string, steps = 1): void {
  const index = historyIndex();
  if (index !== undefined && index >= steps) void navigate(-steps);
  else void navigate(fallback, { replace: true });
}

/** goBackOr bound to this screen's navigate and fallback. */
export function useBackOr(fallback: string, steps = 1): () => void {
  const navigate = useNavigate();
  return useCallback(() => goBackOr(navigate, fallback, steps), [navigate, fallback, steps]);
}

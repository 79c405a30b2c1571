// Leaving a calls screen: back through the app's own history when it has the entries (react-router's
// BrowserRouter keeps the index in history.state), else to a fallback, for a screen opened from
// outside (a link, a reload, a notification).
import type { NavigateFunction } from 'react-router';

export function goBackOr(navigate: NavigateFunction, fallback: string, steps = 1): void {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof index === 'number' && index >= steps) void navigate(-steps);
  else void navigate(fallback, { replace: true });
}

// On an installed PWA the app icon shows the same count as the Chat tab (Badging API), where the
// browser has it. Failures (not installed, not allowed) are of no consequence.
type BadgingNavigator = Navigator & {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function showAppIconBadge(total: number): void {
  if (typeof navigator === 'undefined') return;
  const badging = navigator as BadgingNavigator;
  if (!badging.setAppBadge || !badging.clearAppBadge) return;
  const update = total > 0 ? badging.setAppBadge(total) : badging.clearAppBadge();
  update.catch(() => undefined);
}

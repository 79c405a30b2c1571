// Wide screens (from 1024 px) lay screens out side by side: the chat list beside the open room, the
// Call tab's recent calls beside its search; phones keep one thing at a time. The width is followed
// live (a window resized, a tablet turned). Kept tiny and free of components: the chat room's route
// imports it before its first content.
import { useSyncExternalStore } from 'react';

/** The width from which the list and the room stand side by side (the tab shell's rail starts there too). */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

const wideQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null);

function subscribeToWidth(onChange: () => void): () => void {
  const query = wideQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => wideQuery()?.matches ?? false;

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToWidth, isWide, () => false);
}

// Feeds the badge counters while signed in: the notification endpoints and the chat home at start
// (failures silent, SPEC §8), then the chat and notification events. Runs only when the access type
// is online (SPEC §4). Loaded lazily, with the generated SDK it needs.
import type { QueryClient } from '@tanstack/react-query';
import { subscribe as onAppEvent } from '../../shared/events/app-events.ts';
import { STORAGE_KEYS, type AppStorage } from '../../shared/storage/storage.ts';
import { fetchPendingApprovals, fetchUnreadMessages, fetchUnreadNotifications, followUnreadMessages, homeCountsMessage } from './api.ts';
import { dispatchBadge } from './badge-store.ts';

/** The access type this device uses (SPEC §3 CFAccessType); the app only runs online. */
export const ONLINE_ACCESS_TYPE = 'online';

/** Loads the counters and follows the events; returns the teardown. */
export function setUpBadge(storage: AppStorage, queryClient: QueryClient): () => void {
  if (storage.get(STORAGE_KEYS.accessType) !== ONLINE_ACCESS_TYPE) return () => undefined;

  // Answers that arrive after teardown (a logout while loading) must not bring the old counts back.
  let active = true;
  const apply = (event: Parameters<typeof dispatchBadge>[0]) => {
    if (active) dispatchBadge(event);
  };

  void fetchUnreadNotifications(queryClient).then((value) => value !== undefined && apply({ type: 'counters', unreadNotifications: value }));
  void fetchPendingApprovals(queryClient).then((value) => value !== undefined && apply({ type: 'counters', pendingApprovals: value }));
  const loadUnreadMessages = (latest: boolean) =>
    void fetchUnreadMessages(queryClient, { latest }).then((value) => value !== undefined && apply({ type: 'counters', unreadMessages: value }));
  // At the start a recent chat home serves (the chat list's, when the app opened on it).
  loadUnreadMessages(false);

  const unsubscribers = [
    onAppEvent('chat:room-opened', ({ uuid, unread }) => {
      void storage.set(STORAGE_KEYS.openChatRoomUuid, uuid);
      dispatchBadge({ type: 'room-opened', unread });
    }),
    onAppEvent('chat:room-left', () => {
      void storage.remove(STORAGE_KEYS.openChatRoomUuid);
    }),
    onAppEvent('chat:new-chat-room', ({ roomUuid, fromCurrentUser, lastMessageAt }) => {
      // The same message's live_chat event may come first: the cached chat home, which the badge
      // follows, then counts it already, and adding one would count it twice.
      if (homeCountsMessage(queryClient, roomUuid, lastMessageAt)) return;
      const isOpenRoom = storage.get(STORAGE_KEYS.openChatRoomUuid) === roomUuid;
      dispatchBadge({ type: 'new-chat-room', fromCurrentUser, isOpenRoom });
    }),
    onAppEvent('notification:read', () => dispatchBadge({ type: 'notification-read' })),
    // SPEC §7: a live_chat event refreshes the chat home (the realtime feature debounces it).
    onAppEvent('chat:home-stale', () => loadUnreadMessages(true)),
    // The chat home as cached, also between fetches: a room read or a live message counted changes it.
    followUnreadMessages(queryClient, (unreadMessages) => apply({ type: 'counters', unreadMessages })),
  ];
  return () => {
    active = false;
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    dispatchBadge({ type: 'reset' });
  };
}

// Feeds the badge counters while signed in: the notification endpoints and the chat home at start
// (failures silent, SPEC §8), then the chat and notification events. Runs only when the access type
// is online (SPEC §4). Loaded lazily, with the generated SDK it needs.
import { getChatHome, getPendingApprovals, getUnreadNotificationCount } from '../../../generated/http/sdk.gen.ts';
import { subscribe as onAppEvent } from '../../shared/events/app-events.ts';
import { STORAGE_KEYS, type AppStorage } from '../../shared/storage/storage.ts';
import { dispatchBadge } from './badge-store.ts';

/** The access type this device uses (SPEC §3 CFAccessType); the app only runs online. */
export const ONLINE_ACCESS_TYPE = 'online';

const quietly = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch {
    return undefined; // SPEC §8: counter failures are silent.
  }
};

/** Loads the counters and follows the events; returns the teardown. */
export function setUpBadge(storage: AppStorage): () => void {
  if (storage.get(STORAGE_KEYS.accessType) !== ONLINE_ACCESS_TYPE) return () => undefined;

  // Answers that arrive after teardown (a logout while loading) must not bring the old counts back.
  let active = true;
  const apply = (event: Parameters<typeof dispatchBadge>[0]) => {
    if (active) dispatchBadge(event);
  };

  void quietly(() => getUnreadNotificationCount({ throwOnError: true })).then((answer) => {
    const value = answer?.data.notification_unread_counts;
    if (typeof value === 'number') apply({ type: 'counters', unreadNotifications: value });
  });
  void quietly(() => getPendingApprovals({ throwOnError: true })).then((answer) => {
    const value = answer?.data.total_approval;
    if (typeof value === 'number') apply({ type: 'counters', pendingApprovals: value });
  });
  void quietly(() => getChatHome({ throwOnError: true })).then((answer) => {
    const rooms = answer?.data.chat_rooms;
    if (!rooms) return;
    const unread = rooms.reduce((sum, room) => sum + (Number(room.meta?.unread_messages) || 0), 0);
    apply({ type: 'counters', unreadMessages: unread });
  });

  const unsubscribers = [
    onAppEvent('chat:room-opened', ({ uuid, unread }) => {
      void storage.set(STORAGE_KEYS.openChatRoomUuid, uuid);
      dispatchBadge({ type: 'room-opened', unread });
    }),
    onAppEvent('chat:room-left', () => {
      void storage.remove(STORAGE_KEYS.openChatRoomUuid);
    }),
    onAppEvent('chat:new-chat-room', ({ roomUuid, fromCurrentUser }) => {
      const isOpenRoom = storage.get(STORAGE_KEYS.openChatRoomUuid) === roomUuid;
      dispatchBadge({ type: 'new-chat-room', fromCurrentUser, isOpenRoom });
    }),
    onAppEvent('notification:read', () => dispatchBadge({ type: 'notification-read' })),
  ];
  return () => {
    active = false;
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    dispatchBadge({ type: 'reset' });
  };
}

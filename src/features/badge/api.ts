// The badge's counters (SPEC §4, §7): unread notifications, pending approvals and the chat home's
// unread messages, through the generated query options (so any screen showing the same data shares
// the cache). Always asked afresh (a refresh follows a live event). Each resolves with the number, or
// undefined when the call fails (SPEC §8: silent).
import type { QueryClient } from '@tanstack/react-query';
import {
  getPendingApprovalsOptions,
  getUnreadNotificationCountOptions,
} from '../../../generated/http/@tanstack/react-query.gen.ts';
import { chatHomeOptions } from '../../api/chat-home.ts';

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

async function quietly<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

export const fetchUnreadNotifications = (queryClient: QueryClient) =>
  quietly(async () => numberOrUndefined((await queryClient.fetchQuery({ ...getUnreadNotificationCountOptions(), staleTime: 0 })).notification_unread_counts));

export const fetchPendingApprovals = (queryClient: QueryClient) =>
  quietly(async () => numberOrUndefined((await queryClient.fetchQuery({ ...getPendingApprovalsOptions(), staleTime: 0 })).total_approval));

/** The sum of every room's unread messages in the chat home. */
export const fetchUnreadMessages = (queryClient: QueryClient) =>
  quietly(async () => {
    const rooms = (await queryClient.fetchQuery({ ...chatHomeOptions(), staleTime: 0 })).chat_rooms;
    return rooms?.reduce((sum, room) => sum + (Number(room.meta?.unread_messages) || 0), 0);
  });

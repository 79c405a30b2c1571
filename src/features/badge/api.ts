// The badge's counters (SPEC §4, §7): unread notifications, pending approvals and the chat home's
// unread messages, through the generated query options (so any screen showing the same data shares
// the cache). Always asked afresh (a refresh follows a live event). Each resolves with the number, or
// undefined when the call fails (SPEC §8: silent).
import { hashKey, type QueryClient } from '@tanstack/react-query';
import {
  getPendingApprovalsOptions,
  getUnreadNotificationCountOptions,
} from '../../../generated/http/@tanstack/react-query.gen.ts';
import { chatHomeOptions, recentChatHome } from '../../api/chat-home.ts';
import { countOf } from '../../shared/format/formatters.ts';

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

/** The sum of every room's unread messages in a chat home answer. */
export const unreadMessagesIn = (home: { chat_rooms?: Array<{ meta?: { unread_messages?: unknown } | null }> | null } | undefined) =>
  home?.chat_rooms?.reduce((sum, room) => sum + countOf(room.meta?.unread_messages), 0);

/**
 * The sum of every room's unread messages in the chat home: asked of the server (`latest`, after a live
 * event said it changed), or from a recent answer (the badge's start: the chat list's fetch serves it).
 */
export const fetchUnreadMessages = (queryClient: QueryClient, { latest }: { latest: boolean }) =>
  quietly(async () => unreadMessagesIn(latest ? await queryClient.fetchQuery({ ...chatHomeOptions(), staleTime: 0 }) : await recentChatHome(queryClient)));

/**
 * Whether the cached chat home already counts a room's message created at `createdAt` among its unread
 * messages: it shows that message (or a later one) as the room's last, because a live_chat event for it
 * came first, or a fetch answered after it. The badge, which follows the cached chat home, then has it.
 */
export function homeCountsMessage(queryClient: QueryClient, roomUuid: string, createdAt: string | undefined): boolean {
  if (!createdAt) return false;
  const home = queryClient.getQueryData(chatHomeOptions().queryKey) as { chat_rooms?: Array<{ uuid?: string; last_message?: { created_at?: string | null } | null }> | null } | undefined;
  const shown = home?.chat_rooms?.find((room) => room.uuid === roomUuid)?.last_message?.created_at;
  return typeof shown === 'string' && Date.parse(shown) >= Date.parse(createdAt);
}

/**
 * Calls `apply` with the unread messages of the cached chat home whenever it changes: an answer, or a
 * change the app made to it (a live message counted, a room read). The badge then agrees with the
 * list without asking the server again. Returns the unsubscribe.
 */
export function followUnreadMessages(queryClient: QueryClient, apply: (unread: number) => void): () => void {
  const homeHash = hashKey(chatHomeOptions().queryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== homeHash) return;
    const unread = unreadMessagesIn(event.query.state.data as Parameters<typeof unreadMessagesIn>[0]);
    if (unread !== undefined) apply(unread);
  });
}

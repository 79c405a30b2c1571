// The notifications feature's calls: the paged list (GET /notification/list, x-inferred), the pending
// approvals count (SPEC §7, the cache the badge fills too), marking one read (x-inferred) with its
// optimistic cache update, and registering this device for push (SPEC §7 save-device).
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getNotificationsInfiniteOptions,
  getPendingApprovalsOptions,
  markNotificationReadMutation,
  saveDeviceMutation,
} from '../../../generated/http/@tanstack/react-query.gen.ts';
import type { NotificationListResponse, Notification as NotificationItem } from '../../../generated/http/types.gen.ts';
import { publish } from '../../shared/events/app-events.ts';
import { nextPageOf } from '../../shared/ui/paged-list/next-page.ts';

export type { NotificationItem };

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    ...getNotificationsInfiniteOptions(),
    initialPageParam: 1,
    getNextPageParam: (page: NotificationListResponse) => nextPageOf(page.meta),
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/** SPEC §7 total_approval; a failure stays silent (SPEC §8): the screen then shows no count. */
export function usePendingApprovals() {
  return useQuery({ ...getPendingApprovalsOptions(), select: (answer) => answer.total_approval });
}

type NotificationPages = InfiniteData<NotificationListResponse>;

/** Sets one notification's read_at wherever the cached list holds it. */
export function setNotificationReadAt(queryClient: QueryClient, id: number, readAt: string | null): void {
  queryClient.setQueryData<NotificationPages>(notificationsQueryOptions().queryKey, (cached) =>
    cached && {
      ...cached,
      pages: cached.pages.map((page) => ({
        ...page,
        data: page.data?.map((notification) => (notification.id === id ? { ...notification, read_at: readAt } : notification)),
      })),
    },
  );
}

/**
 * POST /notification/{id}/read. The row reads as read at once and goes back to unread if the call
 * fails; once the server has it, `notification:read` tells the badge (SPEC §4: the unread
 * notification count falls by one). Defined on the mutation, so it completes after the screen is left.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...markNotificationReadMutation(),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryOptions().queryKey });
      setNotificationReadAt(queryClient, variables.path.id, new Date().toISOString());
    },
    onError: (_error, variables) => setNotificationReadAt(queryClient, variables.path.id, null),
    onSuccess: () => publish('notification:read', {}),
  });
}

/** POST /onesignal/save-device with the user's id and the push token (the Web Push subscription's JSON). */
export function useSaveDevice() {
  const { mutateAsync } = useMutation(saveDeviceMutation());
  return useCallback((userId: number, pushToken: string) => mutateAsync({ body: { user_id: userId, push_token: pushToken } }), [mutateAsync]);
}

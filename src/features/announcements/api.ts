// The pop-up's two calls. The fetch is silent and one-shot (a pop-up that fails to load is simply not
// shown), so no retry; marking viewed refreshes the announcement to pop up, so the next unviewed one can come.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPopupAnnouncementOptions,
  getPopupAnnouncementQueryKey,
  markPopupAsViewedMutation,
} from '../../../generated/http/@tanstack/react-query.gen.ts';

export type { Announcement } from '../../../generated/http/types.gen.ts';

export function popupAnnouncementOptions() {
  return { ...getPopupAnnouncementOptions(), retry: false, refetchOnWindowFocus: false };
}

export function usePopupAnnouncement(enabled: boolean) {
  return useQuery({ ...popupAnnouncementOptions(), enabled });
}

export function useMarkPopupViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    ...markPopupAsViewedMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPopupAnnouncementQueryKey() }),
  });
}

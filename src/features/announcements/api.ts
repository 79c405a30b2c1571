// The pop-up's two calls. The fetch is silent and one-shot (a pop-up that fails to load is simply not
// shown), so no retry; marking viewed is invalidated afterwards so the next unviewed one can come.
import {
  getPopupAnnouncementOptions,
  getPopupAnnouncementQueryKey,
  markPopupAsViewedMutation,
} from '../../../generated/http/@tanstack/react-query.gen.ts';

export function popupAnnouncementQuery() {
  return { ...getPopupAnnouncementOptions(), retry: false, refetchOnWindowFocus: false };
}

export function popupAnnouncementQueryKey() {
  return getPopupAnnouncementQueryKey();
}

export { markPopupAsViewedMutation };

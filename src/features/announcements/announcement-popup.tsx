// The announcement pop-up of SPEC §2/§4/§9: once Home shows, the next announcement the user has not
// seen pops up in a modal titled "Announcement" with its rich HTML (through SafeHtml only) and a close
// button. Opening it marks it viewed; it never pops up twice. Failures are silent (logged), except a
// 401, which ends the session through the error catalogue.
import { useDeferredValue, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { describeFailure, failureFromError } from '../../api/errors.ts';
import { handleFailure } from '../../shared/errors/handle-failure.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { SafeHtml } from '../../shared/safe-html/safe-html.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useAfterFirstContent } from '../../shared/scheduling/after-first-content.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { useMarkPopupViewed, usePopupAnnouncement, type Announcement } from './api.ts';
import styles from './announcement-popup.module.css';
import { popupMemory } from './popup-memory.ts';

/** SPEC §9: the pop-up's loading flag clears this long after it opens. */
export const POPUP_LOADING_MS = 200;

type Navigate = (path: string) => void;

function reportFailure(call: 'fetch' | 'mark-as-viewed', error: unknown, navigate: Navigate): void {
  const failure = failureFromError(error);
  if (failure.type === 'unauthorized') {
    // An HTTP 401 already ended the session in the client; a 401 inside a 200 body is ours to hand on.
    if (error instanceof ApiError && error.kind === 'body') void handleFailure(describeFailure('general', failure), { navigate });
    return;
  }
  console.warn(`Announcement pop-up: ${call} failed (${failure.type})`);
}

export interface AnnouncementPopupProps {
  announcement: Announcement;
  onClose(): void;
}

/** The modal itself: busy (aria-busy, a spinner over the hidden content) for POPUP_LOADING_MS after opening. */
export function AnnouncementPopup({ announcement, onClose }: AnnouncementPopupProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), POPUP_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Modal title={t('popup.title')} closeLabel={t('popup.close')} onClose={onClose}>
      <div className={styles.content} aria-busy={loading} data-loading={loading ? 'true' : 'false'} data-testid="announcement-content">
        {/* The content is laid out from the start (hidden while loading) so the bottom sheet does not
            grow, and shift, when the flag clears. */}
        <div style={loading ? { visibility: 'hidden' } : undefined}>
          <SafeHtml html={announcement.content} />
        </div>
        {loading && (
          <div className={styles.loading}>
            <Spinner />
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Mounted by Home: fetches the announcement to pop up and shows it once. */
export function AnnouncementPopupHost() {
  const navigate = useNavigate();
  const { userData } = useSession();
  const user = String(userData?.user?.id ?? '');
  // "Once Home shows": after its first content, so the pop-up never competes with the feed.
  const homeShown = useAfterFirstContent();
  const { data, error } = usePopupAnnouncement(homeShown);
  const { mutate: markViewed } = useMarkPopupViewed();
  const open = useSyncExternalStore(popupMemory.subscribe, popupMemory.getOpen);
  const shown = open !== null && open.user === user ? open.announcement : null;

  useEffect(() => {
    if (error) reportFailure('fetch', error, navigate);
  }, [error, navigate]);

  const candidate = data?.announcement ?? null;
  useEffect(() => {
    if (!candidate || shown || !popupMemory.open(user, candidate)) return;
    markViewed(
      { body: { announcement_id: candidate.id } },
      { onError: (markError) => reportFailure('mark-as-viewed', markError, navigate) },
    );
  }, [candidate, shown, user, markViewed, navigate]);

  // Rendered at a transition's priority (in slices): it arrives just after Home's start, while a tap may come.
  const deferred = useDeferredValue(shown);
  if (!deferred) return null;
  return <AnnouncementPopup key={deferred.id} announcement={deferred} onClose={() => popupMemory.close()} />;
}

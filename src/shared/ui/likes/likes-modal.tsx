// The comment likes modal of SPEC §2 (feed and forum alike): the like count as its title, a spinner
// while loading, "No likes" or a row per user, and a Close button. Failures follow SPEC §8 through the
// catalogue's 'likes' context. The caller says how to load the likes and what to do with them.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Like, LikesResponse } from '../../../../generated/http/types.gen.ts';
import { describeError } from '../../../api/errors.ts';
import { rejectBodyError } from '../../errors/body-error.ts';
import { handleFailure } from '../../errors/handle-failure.ts';
import { Modal } from '../modal.tsx';
import { Spinner } from '../spinner.tsx';
import { Avatar, fullName } from './avatar.tsx';
import { useLikeCountText } from './like-count.ts';
import styles from './likes-modal.module.css';

export interface LikesModalProps {
  /** The comment's likes_count, shown in the title until the list arrives. */
  initialCount: number;
  /** The generated query key of the likes call (one per endpoint and comment). */
  queryKey: QueryKey;
  /** Calls the generated SDK; rejects with an ApiError. */
  load(signal: AbortSignal): Promise<LikesResponse>;
  /** SPEC §4: once loaded, the comment's likes_count becomes the list length. */
  onLoaded(likes: Like[]): void;
  onClose(): void;
}

// Module-level so TanStack keeps one selected list per answer (a new list would re-run onLoaded).
const selectLikes = (response: LikesResponse): Like[] => response.likes ?? [];

export function LikesModal({ initialCount, queryKey, load, onLoaded, onClose }: LikesModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countText = useLikeCountText();
  const latest = useRef({ onLoaded, onClose });
  useEffect(() => {
    latest.current = { onLoaded, onClose };
  });

  const query = useQuery({
    queryKey,
    // The cache keeps the answer as the generated options would; the screen reads its likes.
    queryFn: async ({ signal }) => rejectBodyError(await load(signal)),
    select: selectLikes,
    // Every opening asks the server again, and a failure is reported at once (SPEC §8), never retried.
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const likes = query.data;

  useEffect(() => {
    if (likes) latest.current.onLoaded(likes);
  }, [likes]);

  const handledError = useRef<unknown>(null);
  useEffect(() => {
    if (!query.error || handledError.current === query.error) return;
    handledError.current = query.error;
    const shown = describeError('likes', query.error);
    const close = () => latest.current.onClose();
    void handleFailure(shown, { navigate: (path) => void navigate(path), close }).then(() => {
      // Leaving for /change-password or /login: the modal has nothing more to show.
      if (shown.then !== 'close') close();
    });
  }, [query.error, navigate]);

  return (
    <Modal title={countText(likes ? likes.length : initialCount)} onClose={onClose} closeLabel={t('likes.close')}>
      {query.isPending ? (
        <Spinner />
      ) : likes === undefined ? null : likes.length === 0 ? (
        <p className={styles.empty}>{t('likes.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {likes.map((like, index) => (
            <li key={like.id ?? `${like.user.id ?? 'user'}-${index}`} className={styles.row}>
              <Avatar src={like.user.signed_profile_picture_url} firstName={like.user.first_name} lastName={like.user.last_name} />
              <span className={styles.person}>
                <span className={styles.name}>{fullName(like.user.first_name, like.user.last_name)}</span>
                {like.user.employee_number ? (
                  <span className={styles.number}>{t('likes.employeeNumber', { number: like.user.employee_number })}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

// The comment likes modal of SPEC §2 (feed and forum alike): the like count as its title, skeleton rows
// while loading, "No likes" (an empty state) or a row per user (picture, name, employee number), and Close. Failures follow SPEC §8 through the
// catalogue's 'likes' context. The caller runs the likes query (likes-query.ts) and says what to do with the list.
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../api/errors.ts';
import type { Like } from '../../../api/models.ts';
import { handleFailure } from '../../errors/handle-failure.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { Modal } from '../modal.tsx';
import { Avatar, fullName } from '../avatar.tsx';
import { LikeIcon } from '../icons.tsx';
import { ListRow } from '../list-row.tsx';
import { EmptyState, Skeleton } from '../states.tsx';
import { useLikeCountText } from './like-count.ts';
import styles from './likes-modal.module.css';

export interface LikesModalProps {
  /** The comment's likes_count, shown in the title until the list arrives. */
  initialCount: number;
  /** The likes call's state (a query built with likesQueryOptions). */
  query: Pick<UseQueryResult<Like[]>, 'data' | 'error' | 'isPending'>;
  /** SPEC §4: once loaded, the comment's likes_count becomes the list length. */
  onLoaded(likes: Like[]): void;
  onClose(): void;
}

export function LikesModal({ initialCount, query, onLoaded, onClose }: LikesModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countText = useLikeCountText();
  const latest = useRef({ onLoaded, onClose });
  useEffect(() => {
    latest.current = { onLoaded, onClose };
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
        <Skeleton rows={3} />
      ) : likes === undefined ? null : likes.length === 0 ? (
        <EmptyState icon={LikeIcon} title={t('likes.empty')} />
      ) : (
        <ul className={styles.list}>
          {likes.map((like, index) => (
            <li key={like.id ?? `${like.user.id ?? 'user'}-${index}`}>
              <ListRow
                start={<Avatar src={like.user.signed_profile_picture_url} firstName={like.user.first_name} lastName={like.user.last_name} />}
                title={fullName(like.user.first_name, like.user.last_name)}
                subtitle={like.user.employee_number ? t('likes.employeeNumber', { number: like.user.employee_number }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

// A group's participants in the v1 family (/live-chat/chat-room has no detail screen): who is in the
// room, read with `GET /live-chat/chat-room/{uuid}`. The v2 family opens /chats/detail instead.
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RetryIcon } from '../../../shared/ui/icons.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRoomParticipants } from '../api/room-lists.ts';
import parts from './parts.module.css';
import styles from './room.module.css';
import { EmployeeItem } from '../people/employee-row.tsx';

export function ParticipantsPanel({ roomUuid, onClose }: { roomUuid: string; onClose(): void }) {
  const { t } = useTranslation();
  const room = useRoomParticipants(roomUuid);
  const people = room.data?.participants ?? [];
  return (
    <Modal title={t('chat.participants')} onClose={onClose} closeLabel={t('common.close')}>
      {room.isPending ? (
        <Spinner />
      ) : room.isError ? (
        <p className={styles.state} role="alert">
          {t('chat.loadError')}{' '}
          <Button variant="secondary" size="s" icon={RetryIcon} onClick={() => void room.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : people.length === 0 ? (
        <p className={styles.state}>{t('chat.noParticipants')}</p>
      ) : (
        <ul className={parts.panelList} aria-label={t('chat.participants')}>
          {people.map((person) => (
            <EmployeeItem key={person.id} employee={person} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

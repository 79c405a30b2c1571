// Who has read one of the user's messages (issue 24; GET /live-chat/message-readers/{uuid}, x-inferred):
// those who have, most recent first with when, then those who have not yet. A group of thousands lists
// thousands: rows off screen are not laid out (content-visibility), so the sheet opens at once.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/formatters.ts';
import { personName } from '../../../shared/format/person.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useMessageReaders, type MessageReader } from '../api/message-extras.ts';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './message-readers.module.css';

function Reader({ reader, language }: { reader: MessageReader; language: string }) {
  const readAt = reader.read_at ? new Date(reader.read_at) : null;
  return (
    <li className={styles.row}>
      <ListRow
        title={personName(reader.user)}
        subtitle={reader.user.employee_number ?? undefined}
        start={<Avatar src={reader.user.signed_profile_picture_url} firstName={reader.user.first_name} lastName={reader.user.last_name} size="m" decorative />}
        end={readAt && !Number.isNaN(readAt.getTime()) ? <time dateTime={reader.read_at ?? undefined}>{formatDateTime(readAt, language)}</time> : undefined}
      />
    </li>
  );
}

export function MessageReaders({ message, onClose }: { message: RoomMessage; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const readers = useMessageReaders(message.uuid);
  const readBy = readers.data?.read_by ?? [];
  const notReadBy = readers.data?.not_read_by ?? [];
  return (
    <Modal title={t('chat.extras.readersTitle')} onClose={onClose} closeLabel={t('common.close')}>
      {message.text && <p className={styles.excerpt}>{message.text}</p>}
      {readers.isPending ? (
        <Skeleton rows={4} />
      ) : readers.isError ? (
        <ErrorState title={t('chat.extras.readersError')} onRetry={() => void readers.refetch()} />
      ) : (
        <div data-testid="message-readers">
          <h3 className={styles.heading}>{t('chat.extras.readBy', { count: readBy.length })}</h3>
          <ListGroup label={t('chat.extras.readBy', { count: readBy.length })}>
            {readBy.map((reader, index) => (
              <Reader key={reader.user.id ?? `read-${index}`} reader={reader} language={i18n.language} />
            ))}
          </ListGroup>
          {notReadBy.length > 0 && (
            <>
              <h3 className={styles.heading}>{t('chat.extras.notReadBy', { count: notReadBy.length })}</h3>
              <ListGroup label={t('chat.extras.notReadBy', { count: notReadBy.length })}>
              {notReadBy.map((reader, index) => (
                <Reader key={reader.user.id ?? `unread-${index}`} reader={reader} language={i18n.language} />
              ))}
              </ListGroup>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

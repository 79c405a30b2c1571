// Who has read one of the user's messages (issue 24; GET /live-chat/message-readers/{uuid}, x-inferred):
// those who have, most recent first with when, then those who have not yet. A group of thousands lists
// thousands: rows off screen are not laid out (content-visibility), so the sheet opens at once.
import { formatDateTime, parseDate } from '../../../shared/format/formatters.ts';
import { personName } from '../../../shared/format/person.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useMessageReaders, type MessageReader } from '../api/message-extras.ts';
import type { RoomMessage } from '../api/message-model.ts';
import styles from './message-readers.module.css';

function Reader({ user, readAtText, language }: { user: NonNullable<MessageReader['user']>; readAtText: string | null | undefined; language: string }) {
  const readAt = parseDate(readAtText);
  return (
    <li className={styles.row}>
      <ListRow
        title={personName(user)}
        subtitle={user.employee_number ?? undefined}
        start={<Avatar src={user.signed_profile_picture_url} firstName={user.first_name} lastName={user.last_name} size="m" decorative />}
        end={readAt ? <time dateTime={readAtText ?? undefined}>{formatDateTime(readAt, language)}</time> : undefined}
      />
    </li>
  );
}

export function MessageReaders({ message, onClose }: { message: RoomMessage; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const readers = useMessageReaders(message.uuid);
  // A reader the server did not name (its `user` is inferred, so optional) is not listed.
  const named = (list: MessageReader[] | undefined) => (list ?? []).flatMap((reader) => (reader.user ? [{ ...reader, user: reader.user }] : []));
  const readBy = named(readers.data?.read_by);
  const notReadBy = named(readers.data?.not_read_by);
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
              <Reader key={reader.user.id ?? `read-${index}`} user={reader.user} readAtText={reader.read_at} language={i18n.language} />
            ))}
          </ListGroup>
          {notReadBy.length > 0 && (
            <>
              <h3 className={styles.heading}>{t('chat.extras.notReadBy', { count: notReadBy.length })}</h3>
              <ListGroup label={t('chat.extras.notReadBy', { count: notReadBy.length })}>
              {notReadBy.map((reader, index) => (
                <Reader key={reader.user.id ?? `unread-${index}`} user={reader.user} readAtText={null} language={i18n.language} />
              ))}
              </ListGroup>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

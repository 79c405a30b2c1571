// The top of the chat detail: a group's photo (its initials without one), name, description and
// counts (members, files, links); for a direct chat the other person instead (their picture, whoever
// started the chat: src/shared/domain/direct-room.ts).
import { otherPersonAvatar } from '../../../shared/domain/direct-room.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import type { GroupDetail } from '../api/groups.ts';
import { roomTitle } from '../api/message-model.ts';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import styles from './detail.module.css';

/** A name as the Avatar's first and last name, for the initials and the text alternative. */
export function NamedPhoto({ src, name }: { src?: string | null; name: string }) {
  return (
    <span className={styles.photo}>
      <Avatar src={src} name={name} size="xl" />
    </span>
  );
}

export function DetailSummary({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation();
  const room = detail.chat_room;
  const title = roomTitle(room) || t('chat.untitled');
  if (room.type !== 'group') return <DirectSummary detail={detail} title={title} />;
  const description = detail.description ?? room.description;
  const counts = [
    ['members', detail.total_members ?? detail.members?.length ?? 0],
    ['files', detail.total_files ?? 0],
    ['links', detail.total_links ?? 0],
  ] as const;
  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby="chat-detail-name">
      <NamedPhoto src={detail.avatar_url} name={title} />
      <h2 id="chat-detail-name" className={styles.name}>
        {title}
      </h2>
      {description ? <p className={styles.description}>{description}</p> : <p className={styles.muted}>{t('chat.detail.noDescription')}</p>}
      <dl className={styles.counts} aria-label={t('chat.detail.counts')}>
        {counts.map(([key, count]) => (
          <div key={key} data-testid={`count-${key}`}>
            <dt>{t(`chat.detail.${key}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A direct chat: the other person (from the members when the detail lists them), no group controls. */
function DirectSummary({ detail, title }: { detail: GroupDetail; title: string }) {
  const { t } = useTranslation();
  const { userData } = useSession();
  const room = detail.chat_room;
  const myUserId = userData?.user?.id;
  const other = detail.members?.find((member) => member.id !== myUserId);
  const name = (other && personName(other)) || title;
  const jobTitle = other ? jobTitleOf(other) : '';
  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby="chat-detail-name">
      <NamedPhoto src={other?.signed_profile_picture_url ?? otherPersonAvatar(room, myUserId) ?? detail.avatar_url} name={name} />
      <h2 id="chat-detail-name" className={styles.name}>
        {name}
      </h2>
      <p className={styles.muted}>{t('chat.detail.directChat')}</p>
      {other?.employee_number && <p className={styles.muted}>{other.employee_number}</p>}
      {jobTitle && <p className={styles.muted}>{jobTitle}</p>}
    </section>
  );
}

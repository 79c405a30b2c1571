// A group's members (SPEC §6: admins add admins and remove members): avatar, name, employee number,
// job title, an "Admin" mark and "You" for oneself. Admins get per-member "Make admin" and "Remove
// from group", and a mode to remove several at once. The list changes only once the server agrees.
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { Chip } from '../../../shared/ui/chip.tsx';
import { AdminIcon, RemovePersonIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useGroupMembers, useMakeAdmin, useRemoveMember, useRemoveParticipants, type GroupMember } from '../api/groups.ts';
import { isTruthyFlag } from '../api/message-model.ts';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import styles from './detail.module.css';

interface GroupMembersProps {
  roomUuid: string;
  roomId: number;
  /** The detail's is_chat_admin: only then are the admin actions offered. */
  canManage: boolean;
  currentUserId: number | undefined;
}

export function GroupMembers({ roomUuid, roomId, canManage, currentUserId }: GroupMembersProps) {
  const { t } = useTranslation();
  const members = useGroupMembers(roomId);
  const makeAdmin = useMakeAdmin(roomUuid);
  const removeMember = useRemoveMember(roomUuid);
  const removeParticipants = useRemoveParticipants(roomUuid);
  const showFailure = useFailureHandler();
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const busy = makeAdmin.isPending || removeMember.isPending || removeParticipants.isPending;
  const list = members.data?.members ?? [];

  const remove = async (member: GroupMember, id: number) => {
    const name = personName(member);
    const confirmed = await showConfirm({
      headerKey: 'chat.detail.removeMember',
      message: { text: t('chat.detail.removeMemberConfirm', { name }) },
      buttonKey: 'chat.detail.remove',
      cancelKey: 'chat.cancel',
    });
    if (confirmed) await removeMember.mutateAsync(id).catch(showFailure);
  };

  const removeSelected = async (ids: number[]) => {
    const confirmed = await showConfirm({
      headerKey: 'chat.detail.selectToRemove',
      message: { text: t('chat.detail.removeSelectedConfirm', { count: ids.length }) },
      buttonKey: 'chat.detail.remove',
      cancelKey: 'chat.cancel',
    });
    if (!confirmed) return;
    await removeParticipants.mutateAsync(ids).then(() => setSelected(null), showFailure);
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className={styles.card} aria-labelledby="group-members-title">
      <div className={styles.sectionHeading}>
        <h3 id="group-members-title" className={styles.sectionTitle}>
          {t('chat.detail.members')} {members.data ? `(${members.data.total ?? list.length})` : ''}
        </h3>
        {canManage && selected === null && list.length > 1 && (
          <Button variant="ghost" size="s" icon={RemovePersonIcon} onClick={() => setSelected(new Set())}>
            {t('chat.detail.selectToRemove')}
          </Button>
        )}
      </div>
      {members.isPending ? (
        <Spinner />
      ) : members.isError ? (
        <div role="alert">
          <p className={styles.muted}>{t('chat.detail.membersLoadError')}</p>
          <Button variant="ghost" size="s" icon={RetryIcon} onClick={() => void members.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{t('chat.detail.noMembers')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="group-members-title" aria-busy={busy || members.isFetching}>
          {list.map((member, index) => {
            const { id } = member;
            const self = id === currentUserId;
            // A member without an id (the field is inferred) is listed, but nothing can be done to them.
            const actionable = id !== undefined && !self;
            return (
              <MemberRow
                key={id ?? `member-${index}`}
                member={member}
                self={self}
                checked={id !== undefined && selected?.has(id)}
                onToggle={selected && actionable ? () => toggle(id) : undefined}
                actions={
                  canManage && actionable && selected === null ? (
                    <span className={styles.memberActions}>
                      {!isTruthyFlag(member.is_admin) && (
                        <IconButton icon={AdminIcon} size="s" disabled={busy} onClick={() => void makeAdmin.mutateAsync(id).catch(showFailure)} label={t('chat.detail.makeAdminOf', { name: personName(member) })} />
                      )}
                      <IconButton icon={RemovePersonIcon} size="s" className={styles.dangerIcon} disabled={busy} onClick={() => void remove(member, id)} label={t('chat.detail.removeMemberOf', { name: personName(member) })} />
                    </span>
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
      {selected && (
        <div className={styles.selectBar}>
          <Button variant="secondary" onClick={() => setSelected(null)} disabled={removeParticipants.isPending}>
            {t('chat.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void removeSelected([...selected])} disabled={selected.size === 0} busy={removeParticipants.isPending}>
            {t('chat.detail.removeSelected', { count: selected.size })}
          </Button>
        </div>
      )}
    </section>
  );
}

interface MemberRowProps {
  member: GroupMember;
  self: boolean;
  checked: boolean | undefined;
  /** Set in the "remove selected" mode: the row is a checkbox. */
  onToggle: (() => void) | undefined;
  actions: ReactNode;
}

function MemberRow({ member, self, checked, onToggle, actions }: MemberRowProps) {
  const { t } = useTranslation();
  const name = personName(member);
  const jobTitle = jobTitleOf(member);
  const admin = isTruthyFlag(member.is_admin);
  const row = (
    <ListRow
      selected={checked}
      start={
        <span className={styles.memberStart}>
          {onToggle && <input type="checkbox" className={styles.check} checked={checked ?? false} onChange={onToggle} aria-label={name} />}
          <Avatar src={member.signed_profile_picture_url} firstName={member.first_name} lastName={member.last_name} decorative />
        </span>
      }
      title={name}
      subtitle={
        admin || self || member.employee_number ? (
          <span className={styles.memberTags}>
            {admin && (
              <Chip tone="brand" icon={AdminIcon}>
                {t('chat.detail.admin')}
              </Chip>
            )}
            {self && <Chip>{t('chat.detail.you')}</Chip>}
            {member.employee_number && <span>{member.employee_number}</span>}
          </span>
        ) : undefined
      }
      meta={jobTitle || undefined}
      end={actions ?? undefined}
    />
  );
  return <li data-testid="member-row">{onToggle ? <label className={styles.memberLabel}>{row}</label> : row}</li>;
}

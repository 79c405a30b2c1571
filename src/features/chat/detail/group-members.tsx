// A group's members (SPEC §6: admins add admins and remove members): avatar, name, employee number,
// job title, an "Admin" mark and "You" for oneself. Admins get per-member "Make admin" and "Remove
// from group", and a mode to remove several at once. The list changes only once the server agrees.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Spinner, SpinnerMark } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useGroupMembers, useMakeAdmin, useRemoveMember, useRemoveParticipants, type GroupMember } from '../api/groups.ts';
import { isTruthyFlag } from '../api/message-model.ts';
import chatStyles from '../chat.module.css';
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
          <button type="button" className={chatStyles.linkButton} onClick={() => setSelected(new Set())}>
            {t('chat.detail.selectToRemove')}
          </button>
        )}
      </div>
      {members.isPending ? (
        <Spinner />
      ) : members.isError ? (
        <div role="alert">
          <p className={styles.muted}>{t('chat.detail.membersLoadError')}</p>
          <button type="button" className={chatStyles.linkButton} onClick={() => void members.refetch()}>
            {t('common.retry')}
          </button>
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
                        <button type="button" className={chatStyles.linkButton} disabled={busy} onClick={() => void makeAdmin.mutateAsync(id).catch(showFailure)} aria-label={t('chat.detail.makeAdminOf', { name: personName(member) })}>
                          {t('chat.detail.makeAdmin')}
                        </button>
                      )}
                      <button type="button" className={`${chatStyles.linkButton} ${chatStyles.danger}`} disabled={busy} onClick={() => void remove(member, id)} aria-label={t('chat.detail.removeMemberOf', { name: personName(member) })}>
                        {t('chat.detail.removeMember')}
                      </button>
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
          <button type="button" className={chatStyles.secondaryButton} onClick={() => setSelected(null)} disabled={removeParticipants.isPending}>
            {t('chat.cancel')}
          </button>
          <button type="button" className={chatStyles.primaryButton} onClick={() => void removeSelected([...selected])} disabled={selected.size === 0 || removeParticipants.isPending}>
            {removeParticipants.isPending && <SpinnerMark />} {t('chat.detail.removeSelected', { count: selected.size })}
          </button>
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
  const content = (
    <>
      {onToggle && <input type="checkbox" className={styles.check} checked={checked ?? false} onChange={onToggle} aria-label={name} />}
      <Avatar src={member.signed_profile_picture_url} firstName={member.first_name} lastName={member.last_name} />
      <span className={styles.memberText}>
        <span className={styles.memberName}>
          {name}
          {isTruthyFlag(member.is_admin) && <span className={styles.badge}>{t('chat.detail.admin')}</span>}
          {self && <span className={styles.badge}>{t('chat.detail.you')}</span>}
        </span>
        {member.employee_number && <span className={styles.memberMeta}>{member.employee_number}</span>}
        {jobTitle && <span className={styles.memberMeta}>{jobTitle}</span>}
      </span>
      {actions}
    </>
  );
  return (
    <li data-testid="member-row">
      {onToggle ? <label className={styles.member}>{content}</label> : <div className={styles.member}>{content}</div>}
    </li>
  );
}

// A chat's detail (SPEC §2: chats/detail, `?uuid=<room uuid>`): the group's photo, name, description
// and counts, its members, and for group admins the edit form, adding and removing people and who may
// be added. A direct chat shows the other person only. Back returns to the room.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../api/errors.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useMessageText } from '../../../shared/ui/use-message-text.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useGroupDetail, type GroupDetail } from '../api/groups.ts';
import { isTruthyFlag } from '../api/message-model.ts';
import { useLeaveGroup } from '../api/rooms.ts';
import styles from '../chat.module.css';
import { AddParticipantsModal } from './add-participants.tsx';
import { DetailSummary } from './detail-summary.tsx';
import detailStyles from './detail.module.css';
import { EditGroupForm } from './edit-group-form.tsx';
import { GroupMembers } from './group-members.tsx';
import { GroupSettingsPanel } from './group-settings-panel.tsx';

export function ChatDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomUuid = params.get('uuid') ?? '';
  return (
    <section className={styles.screen} aria-labelledby="chat-detail-title">
      {/* Back goes where the person came from; opened directly (a reload, a link) it goes to the room, or the list without one. */}
      <ScreenHeader title={t('routes.chats_detail')} titleId="chat-detail-title" back={roomUuid ? paths.chatRoom('v2', roomUuid) : paths.chatList('v2')} />
      <div className={detailStyles.body}>{roomUuid ? <ChatDetail key={roomUuid} roomUuid={roomUuid} /> : <p className={styles.state}>{t('chat.noRoom')}</p>}</div>
    </section>
  );
}

function ChatDetail({ roomUuid }: { roomUuid: string }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const detail = useGroupDetail(roomUuid);
  // A failed refetch keeps showing what was loaded; only a first load that failed shows the error.
  if (detail.isPending) return <Spinner />;
  if (!detail.data) {
    const reason = detail.error ? messageText(describeError('general', detail.error).message) : null;
    return (
      <div className={detailStyles.card} role="alert">
        <p className={detailStyles.description}>{t('chat.detail.loadError')}</p>
        {reason && <p className={detailStyles.muted}>{reason}</p>}
        <div className={detailStyles.buttons}>
          <button type="button" className={styles.secondaryButton} onClick={() => void detail.refetch()} disabled={detail.isFetching}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
  return detail.data.chat_room.type === 'group' ? <GroupDetailView detail={detail.data} roomUuid={roomUuid} /> : <DetailSummary detail={detail.data} />;
}

type Panel = 'edit' | 'add' | null;

function GroupDetailView({ detail, roomUuid }: { detail: GroupDetail; roomUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userData } = useSession();
  const showFailure = useFailureHandler();
  const leaveGroup = useLeaveGroup();
  const [panel, setPanel] = useState<Panel>(null);
  const isAdmin = isTruthyFlag(detail.is_chat_admin);
  const roomId = detail.chat_room.id;

  const leave = async () => {
    const confirmed = await showConfirm({ headerKey: 'chat.leaveGroup', message: { key: 'chat.leaveGroupConfirm' }, buttonKey: 'chat.leaveGroup', cancelKey: 'chat.cancel' });
    if (!confirmed) return;
    await leaveGroup.mutateAsync({ body: { chat_room_uuid: roomUuid } }).then(() => navigate(paths.chatList('v2'), { replace: true }), showFailure);
  };

  return (
    <>
      {panel === 'edit' && isAdmin ? (
        <EditGroupForm detail={detail} roomUuid={roomUuid} onDone={() => setPanel(null)} />
      ) : (
        <DetailSummary detail={detail} />
      )}
      <div className={detailStyles.actions}>
        <Link to={paths.chatVote(roomUuid)} className={styles.secondaryButton}>
          {t('chat.createPoll')}
        </Link>
        {isAdmin && panel !== 'edit' && (
          <button type="button" className={styles.secondaryButton} onClick={() => setPanel('edit')}>
            {t('chat.detail.editGroup')}
          </button>
        )}
        {isAdmin && (
          <button type="button" className={styles.secondaryButton} onClick={() => setPanel('add')}>
            {t('chat.detail.addParticipants')}
          </button>
        )}
      </div>
      <GroupMembers roomUuid={roomUuid} roomId={roomId} canManage={isAdmin} currentUserId={userData?.user?.id} />
      {isAdmin && <GroupSettingsPanel roomId={roomId} />}
      <div className={detailStyles.leave}>
        <button type="button" className={styles.secondaryButton} onClick={() => void leave()} disabled={leaveGroup.isPending}>
          {t('chat.leaveGroup')}
        </button>
      </div>
      {panel === 'add' && <AddParticipantsModal roomUuid={roomUuid} onClose={() => setPanel(null)} />}
    </>
  );
}

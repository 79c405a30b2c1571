// A chat's detail (SPEC §2: chats/detail, `?uuid=<room uuid>`): the group's photo, name, description
// and counts, its members, and for group admins the edit form, adding and removing people and who may
// be added. A direct chat shows the other person only. Back returns to the room.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../api/errors.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { AddPersonIcon, EditIcon, LogOutIcon, PollIcon } from '../../../shared/ui/icons.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useMessageText } from '../../../shared/ui/use-message-text.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useGroupDetail, type GroupDetail } from '../api/groups.ts';
import { isTruthyFlag } from '../api/message-model.ts';
import { useLeaveGroup } from '../api/room-actions.ts';
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
    <section className={detailStyles.screen} aria-labelledby="chat-detail-title">
      {/* Back goes where the person came from; opened directly (a reload, a link) it goes to the room, or the list without one. */}
      <ScreenHeader title={t('routes.chats_detail')} titleId="chat-detail-title" back={roomUuid ? paths.chatRoom('v2', roomUuid) : paths.chatList('v2')} />
      <div className={detailStyles.body}>{roomUuid ? <ChatDetail key={roomUuid} roomUuid={roomUuid} /> : <p className={detailStyles.state}>{t('chat.noRoom')}</p>}</div>
    </section>
  );
}

function ChatDetail({ roomUuid }: { roomUuid: string }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const detail = useGroupDetail(roomUuid);
  // A failed refetch keeps showing what was loaded; only a first load that failed shows the error.
  if (detail.isPending) return <Skeleton variant="card" rows={2} />;
  if (!detail.data) {
    const reason = detail.error ? messageText(describeError('general', detail.error).message) : null;
    return (
      <div className={detailStyles.card}>
        <ErrorState title={t('chat.detail.loadError')} message={reason} onRetry={detail.isFetching ? undefined : () => void detail.refetch()} />
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
        <Link to={paths.chatVote(roomUuid)} className={buttonClass({ variant: 'secondary' })}>
          <PollIcon size={20} aria-hidden="true" />
          {t('chat.createPoll')}
        </Link>
        {isAdmin && panel !== 'edit' && (
          <Button variant="secondary" icon={EditIcon} onClick={() => setPanel('edit')}>
            {t('chat.detail.editGroup')}
          </Button>
        )}
        {isAdmin && (
          <Button variant="secondary" icon={AddPersonIcon} onClick={() => setPanel('add')}>
            {t('chat.detail.addParticipants')}
          </Button>
        )}
      </div>
      <GroupMembers roomUuid={roomUuid} roomId={roomId} canManage={isAdmin} currentUserId={userData?.user?.id} />
      {isAdmin && <GroupSettingsPanel roomId={roomId} />}
      <div className={detailStyles.leave}>
        <Button variant="danger" icon={LogOutIcon} onClick={() => void leave()} busy={leaveGroup.isPending}>
          {t('chat.leaveGroup')}
        </Button>
      </div>
      {panel === 'add' && <AddParticipantsModal roomUuid={roomUuid} onClose={() => setPanel(null)} />}
    </>
  );
}

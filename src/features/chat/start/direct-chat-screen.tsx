// messages/direct-chat (SPEC §2; issue 24): a direct chat, natively. `?uuid=` (or `?chat_room_uuid=`)
// names a room, which opens (reading a room writes nothing but its read mark, as any room link does);
// `?user_id=` names a person, shown with a "Start chat" button: starting a chat creates a room
// (POST /live-chat/start-individual-chat), so it follows a tap, never the address alone (a link, a push,
// redirect_to may open this screen). Without either, the chat list opens with the Start Live Chat modal.
// The room opens in the Chat tab's family (v2, /chats/chat), replacing this page, so Back does not start again.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { employeeByIdOptions } from '../../../api/employees.ts';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { goBackOr } from '../../../shared/routes/back-or.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ChatIcon } from '../../../shared/ui/icons.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';
import { useStartDirectChat } from '../api/groups.ts';
import { START_CHAT_STATE } from '../list/start-chat-state.ts';
import page from '../../../shared/ui/card-page.module.css';

const USER_ID = /^[1-9]\d{0,15}$/;
const ROOM_UUID = /^[A-Za-z0-9-]{1,64}$/;

export type DirectChatTarget = { kind: 'person'; userId: number } | { kind: 'room'; roomUuid: string } | { kind: 'none' } | { kind: 'invalid' };

/** What the address names: one well-formed person or room, nothing, or something unusable. */
export function parseDirectChatTarget(params: URLSearchParams): DirectChatTarget {
  const userId = params.get('user_id');
  const rooms = [params.get('uuid'), params.get('chat_room_uuid')].filter((value): value is string => value !== null);
  const roomUuid = rooms[0];
  if (userId === null && roomUuid === undefined) return { kind: 'none' };
  if (userId !== null && roomUuid !== undefined) return { kind: 'invalid' };
  if (userId !== null) return USER_ID.test(userId) ? { kind: 'person', userId: Number(userId) } : { kind: 'invalid' };
  return rooms.every((room) => room === roomUuid) && ROOM_UUID.test(roomUuid!) ? { kind: 'room', roomUuid: roomUuid! } : { kind: 'invalid' };
}

export function DirectChatScreen() {
  const [params] = useSearchParams();
  const target = parseDirectChatTarget(params);
  if (target.kind === 'room') return <Navigate to={paths.chatRoom('v2', target.roomUuid)} replace />;
  if (target.kind === 'none') return <Navigate to={paths.chatList('v2')} replace state={START_CHAT_STATE} />;
  return <DirectChatPage key={target.kind === 'person' ? target.userId : 'invalid'} userId={target.kind === 'person' ? target.userId : undefined} />;
}

function DirectChatPage({ userId }: { userId: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const person = useQuery(employeeByIdOptions(userId));
  const start = useStartDirectChat();
  // False once the person has left: a room that still comes back is not opened over where they went.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);

  const leave = () => goBackOr(navigate, paths.chatList('v2'));
  const startChat = async (id: number) => {
    try {
      const room = await start.mutateAsync(id);
      if (here.current) void navigate(paths.chatRoom('v2', room.uuid), { replace: true });
    } catch (error) {
      // SPEC §8: a failed direct start is only logged, no message; the button is there again.
      console.error('Starting a direct chat failed', error);
      start.reset();
    }
  };

  let body;
  if (userId === undefined) {
    body = <ErrorState title={t('chat.direct.invalid')} />;
  } else if (person.isPending) {
    body = <Spinner label={t('common.loading')} />;
  } else if (person.isError) {
    body = <ErrorState title={t('chat.direct.previewFailed')} onRetry={() => void person.refetch()} />;
  } else if (!person.data) {
    body = <EmptyState icon={ChatIcon} title={t('chat.direct.notFound')} />;
  } else {
    const employee = person.data;
    const name = personName(employee);
    const jobTitle = jobTitleOf(employee);
    body = (
      <div className={page.card} data-testid="direct-chat-preview">
        <Avatar src={employee.signed_profile_picture_url} firstName={employee.first_name} lastName={employee.last_name} size="xl" decorative />
        <h2 className={page.name}>{name}</h2>
        {jobTitle && <p className={page.detail}>{jobTitle}</p>}
        {start.isPending ? (
          <Spinner label={t('chat.start.startingChat')} />
        ) : (
          <>
            <p className={page.message}>{t('chat.direct.confirm', { name })}</p>
            <div className={page.actions}>
              <Button icon={ChatIcon} size="l" onClick={() => void startChat(employee.id)}>
                {t('chat.direct.start')}
              </Button>
              <Button variant="secondary" size="l" onClick={leave}>
                {t('chat.cancel')}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <main className={page.screen} aria-labelledby="direct-chat-title">
      <ScreenHeader title={t('routes.messages_direct-chat')} titleId="direct-chat-title" back={leave} />
      <div className={page.body}>{body}</div>
    </main>
  );
}

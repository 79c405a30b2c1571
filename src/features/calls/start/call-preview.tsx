// Whom a start-call link would call, asked before anything starts (issue 19): the person (by the Call
// tab's search with the contract's inferred `user_id`) or the room (GET /live-chat/chat-room/{uuid}),
// with a Call button. Only reads happen here; the call itself starts when Call is tapped.
import { displayText } from '../../../shared/format/display-text.ts';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorIcon, RetryIcon, VideoIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useCallRoomPeople } from '../api/call.ts';
import { useCallPerson } from '../api/search.ts';
import type { CallTarget } from '../api/start.ts';
import page from '../../../shared/ui/card-page.module.css';
import styles from './start-call.module.css';

interface Callee {
  name: string;
  detail: string;
  picture: string | null | undefined;
  firstName?: string | null;
  lastName?: string | null;
}

interface Preview {
  status: 'loading' | 'failed' | 'missing' | 'ready';
  callee?: Callee;
  retry(): void;
}

function usePreview(target: CallTarget, groupLabel: string): Preview {
  const person = useCallPerson(target.kind === 'person' ? target.userId : undefined);
  const room = useCallRoomPeople(target.kind === 'room' ? target.roomUuid : undefined);
  const query = target.kind === 'person' ? person : room;
  const retry = () => void query.refetch();
  if (query.isPending) return { status: 'loading', retry };
  if (query.isError) return { status: 'failed', retry };
  if (target.kind === 'person') {
    const employee = person.data;
    if (!employee) return { status: 'missing', retry };
    return {
      status: 'ready',
      retry,
      callee: { name: personName(employee), detail: jobTitleOf(employee), picture: employee.signed_profile_picture_url, firstName: employee.first_name, lastName: employee.last_name },
    };
  }
  const chatRoom = room.data?.chat_room;
  const isGroup = chatRoom?.type === 'group';
  const name = (isGroup ? displayText(chatRoom?.name) : '') || displayText(chatRoom?.individual_name) || displayText(chatRoom?.to_user_name) || displayText(chatRoom?.name);
  if (!chatRoom || !name) return { status: 'missing', retry };
  return { status: 'ready', retry, callee: { name, detail: isGroup ? groupLabel : '', picture: undefined, firstName: name } };
}

export function CallPreview({ target, onCall, onLeave }: { target: CallTarget; onCall(): void; onLeave(): void }) {
  const { t } = useTranslation();
  const preview = usePreview(target, t('calls.start.group'));

  if (preview.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (preview.status === 'failed' || preview.status === 'missing') {
    return (
      <div className={page.card}>
        <span className={page.stateIcon}>
          <ErrorIcon size={32} aria-hidden="true" />
        </span>
        <p className={page.message} role="alert">
          {t(preview.status === 'failed' ? 'calls.start.previewFailed' : 'calls.start.notFound')}
        </p>
        <div className={page.actions}>
          {preview.status === 'failed' && (
            <Button icon={RetryIcon} onClick={preview.retry}>
              {t('common.retry')}
            </Button>
          )}
          <Button variant="secondary" onClick={onLeave}>
            {t('common.back')}
          </Button>
        </div>
      </div>
    );
  }
  const callee = preview.callee!;
  return (
    <div className={`${page.card} ${styles.preview}`} data-testid="call-preview">
      <Avatar src={callee.picture} firstName={callee.firstName} lastName={callee.lastName} size="xl" decorative />
      <h2 className={page.name}>{callee.name}</h2>
      {callee.detail && <p className={page.detail}>{callee.detail}</p>}
      <p className={`${page.message} ${styles.question}`}>{t('calls.start.confirm', { name: callee.name })}</p>
      <div className={page.actions}>
        <Button icon={VideoIcon} size="l" onClick={onCall}>
          {t('calls.start.call')}
        </Button>
        <Button variant="secondary" size="l" onClick={onLeave}>
          {t('calls.start.cancel')}
        </Button>
      </div>
    </div>
  );
}

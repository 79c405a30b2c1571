// The Start Live Chat modal (SPEC §2, §4, §8), opened from the chat list: "Start Group Chat" (the
// create-group screen of the route family), "Chat with HR", "Urgent group chat", and "Start Direct
// Chat" — search employees as one types (the recent contacts before that), choose one, "Starting
// chat..." until the server returns the room, which then opens. A failed direct start is only logged (SPEC §8); beyond the spec the list is usable again.
// The modal also closes on the modal-dismiss event (a group was created; modal-dismiss.ts).
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { GroupIcon, HrIcon, UrgentIcon } from '../../../shared/ui/icons.tsx';
import { Spinner, SpinnerMark } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import type { ChatRoom } from '../api/message-model.ts';
import * as paths from '../../../shared/routes/paths.ts';
import type { ChatVersion } from '../api/messages.ts';
import { useHrChat, useStartDirectChat } from '../api/groups.ts';
import { EmployeeButton } from '../people/employee-row.tsx';
import { EmployeeSearchForm } from '../people/employee-search-form.tsx';
import { EmployeeResults, RecentEmployees, useEmployeeSearch } from '../people/employee-picker.tsx';
import { useRecentContacts } from '../../../shared/people/recent-contacts.ts';
import { onModalDismiss } from './modal-dismiss.ts';
import styles from './start.module.css';

/** The urgent group is a v1 call in both families, so it is created on the v1 screen. */
const CREATE_URGENT_GROUP_PATH = `${paths.chatCreate('v1')}?urgent=1`;

export interface StartLiveChatModalProps {
  version: ChatVersion;
  onClose(): void;
}

export function StartLiveChatModal({ version, onClose }: StartLiveChatModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useEmployeeSearch();
  const recent = useRecentContacts();
  const showFailure = useFailureHandler();
  const startDirect = useStartDirectChat();
  const hrChat = useHrChat();
  const directHeading = useId();

  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  useEffect(() => onModalDismiss(() => latestClose.current()), []);

  const goTo = (path: string) => {
    onClose();
    void navigate(path);
  };
  const openRoom = (room: ChatRoom) => goTo(paths.chatRoom(version, room.uuid));

  const startWith = async (userId: number) => {
    try {
      openRoom(await startDirect.mutateAsync(userId));
    } catch (error) {
      // SPEC §8: a failed direct start is only logged, no message.
      console.error('Starting a direct chat failed', error);
      startDirect.reset();
    }
  };

  const chatWithHr = async () => {
    try {
      openRoom(await hrChat.mutateAsync());
    } catch (error) {
      await showFailure(error);
    }
  };

  const busy = startDirect.isPending || hrChat.isPending;

  return (
    <Modal title={t('chat.start.title')} onClose={onClose} closeLabel={t('common.close')}>
      <ul className={styles.actions}>
        <li>
          <button type="button" className={styles.action} disabled={busy} onClick={() => goTo(paths.chatCreate(version))}>
            <span className={styles.itemIcon}>
              <GroupIcon size={20} aria-hidden="true" />
            </span>
            {t('chat.start.startGroupChat')}
          </button>
        </li>
        <li>
          <button type="button" className={styles.action} disabled={busy} aria-busy={hrChat.isPending} onClick={() => void chatWithHr()}>
            <span className={styles.itemIcon}>{hrChat.isPending ? <SpinnerMark /> : <HrIcon size={20} aria-hidden="true" />}</span>
            {t('chat.start.hrChat')}
          </button>
        </li>
        <li>
          <button type="button" className={`${styles.action} ${styles.danger}`} disabled={busy} onClick={() => goTo(CREATE_URGENT_GROUP_PATH)}>
            <span className={styles.itemIcon}>
              <UrgentIcon size={20} aria-hidden="true" />
            </span>
            {t('chat.start.urgentGroupChat')}
          </button>
        </li>
      </ul>

      <section className={styles.section} aria-labelledby={directHeading}>
        <h3 id={directHeading} className={styles.sectionHeading}>
          {t('chat.start.startDirectChat')}
        </h3>
        <EmployeeSearchForm search={search} busy={startDirect.isPending} />
        {startDirect.isPending ? (
          <Spinner label={t('chat.start.startingChat')} />
        ) : search.idle ? (
          <RecentEmployees contacts={recent} headingLevel={4}>
            {(employee) => <EmployeeButton employee={employee} disabled={busy} onChoose={() => void startWith(employee.id)} />}
          </RecentEmployees>
        ) : (
          <EmployeeResults search={search} headingLevel={4}>
            {(employee) => <EmployeeButton employee={employee} disabled={busy} onChoose={() => void startWith(employee.id)} />}
          </EmployeeResults>
        )}
      </section>
    </Modal>
  );
}

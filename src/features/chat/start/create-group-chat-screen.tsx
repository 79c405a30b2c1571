// The Create Group Chat modal at /live-chat/create-group-chat (SPEC §2, §4, §5): a group name, the
// employee search as one types (the recent contacts before that), a checkbox per employee under "Select Employee" (the people checked stay chosen
// across searches and show as chips), and "Create", a spinner while creating. A blank name or no
// participant is refused with an "Alert"; success publishes the modal dismissal (modal-dismiss.ts) and opens the new room;
// a failure shows the catalogue's alert and keeps everything. `?urgent=1` creates an urgent group.
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { showAlert } from '../../../shared/ui/alert-host.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Chip } from '../../../shared/ui/chip.tsx';
import { CloseIcon, UrgentIcon } from '../../../shared/ui/icons.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { personName } from '../../../shared/format/person.ts';
import { useBackOr } from '../../../shared/routes/back-or.ts';
import * as paths from '../../../shared/routes/paths.ts';
import type { Employee } from '../api/directory.ts';
import { useCreateGroupChat } from '../api/groups.ts';
import { ChatListScreen } from '../list/chat-list-screen.tsx';
import { EmployeeCheckbox } from '../people/employee-row.tsx';
import { EmployeeSearchForm } from '../people/employee-search-form.tsx';
import peopleStyles from '../people/people.module.css';
import { EmployeeResults, RecentEmployees, useEmployeeSearch } from '../people/employee-picker.tsx';
import { useRecentContacts } from '../../../shared/people/recent-contacts.ts';
import { dismissModals } from './modal-dismiss.ts';
import styles from './start.module.css';

const refuse = (key: string) => showAlert({ headerKey: 'errors.alertHeader', message: { key } });

export function CreateGroupChatScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urgent = params.get('urgent') === '1';
  const nameId = useId();
  const chosenId = useId();

  const search = useEmployeeSearch();
  const recent = useRecentContacts();
  const showFailure = useFailureHandler();
  const createGroup = useCreateGroupChat();
  const [name, setName] = useState('');
  // The chosen people by id, in the order they were checked (kept whatever the current search shows).
  const [chosen, setChosen] = useState<ReadonlyMap<number, Employee>>(new Map());
  const creating = createGroup.isPending;

  const toggle = (employee: Employee) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(employee.id)) next.delete(employee.id);
      else next.set(employee.id, employee);
      return next;
    });

  // Opened from the list, closing goes back; opened directly (a reload, a link), it goes to the list.
  const close = useBackOr(paths.chatList('v1'));

  const create = async () => {
    if (creating) return;
    if (name.trim() === '') return refuse('chat.start.nameRequired');
    if (chosen.size === 0) return refuse('chat.start.participantRequired');
    try {
      const room = await createGroup.mutateAsync({ name: name.trim(), participants: [...chosen.keys()], urgent });
      dismissModals();
      void navigate(paths.chatRoom('v1', room.uuid), { replace: true });
    } catch (error) {
      await showFailure(error);
    }
  };

  // A modal over the chat list it was opened from (its address is a child of /live-chat).
  return (
    <>
      <ChatListScreen />
      <Modal title={t(urgent ? 'chat.start.urgentGroupChat' : 'chat.start.createGroupTitle')} onClose={close} closeLabel={t('common.close')}>
        <div className={styles.form}>
          {urgent && (
            <p className={styles.urgentNote}>
              <Chip tone="danger" icon={UrgentIcon}>
                {t('chat.urgentChat')}
              </Chip>
              {t('chat.start.urgentNote')}
            </p>
          )}
          <label className={styles.label} htmlFor={nameId}>
            {t('chat.start.groupName')}
          </label>
          <input id={nameId} className={peopleStyles.field} value={name} onChange={(event) => setName(event.target.value)} disabled={creating} autoComplete="off" />

          <EmployeeSearchForm search={search} />

          {chosen.size > 0 && (
            <section aria-labelledby={chosenId}>
              <h3 id={chosenId} className={peopleStyles.heading}>
                {t('chat.start.selected', { count: chosen.size })}
              </h3>
              <ul className={styles.chips}>
                {[...chosen.values()].map((employee) => (
                  <li key={employee.id}>
                    <button type="button" className={styles.chip} disabled={creating} onClick={() => toggle(employee)} aria-label={t('chat.start.unselect', { name: personName(employee) })}>
                      {personName(employee)} <CloseIcon size={14} aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {search.idle ? (
            <RecentEmployees contacts={recent}>
              {(employee) => <EmployeeCheckbox employee={employee} checked={chosen.has(employee.id)} onToggle={() => toggle(employee)} />}
            </RecentEmployees>
          ) : (
            <EmployeeResults search={search}>
              {(employee) => <EmployeeCheckbox employee={employee} checked={chosen.has(employee.id)} onToggle={() => toggle(employee)} />}
            </EmployeeResults>
          )}
        </div>

        <div className={styles.footer}>
          <Button className={styles.createButton} busy={creating} aria-label={t('chat.start.create')} onClick={() => void create()}>
            {creating ? null : t('chat.start.create')}
          </Button>
        </div>
      </Modal>
    </>
  );
}

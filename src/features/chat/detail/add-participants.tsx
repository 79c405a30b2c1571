// "Add participants" (group admins): the employee search over people not yet in the room, a checkbox
// each (choices kept across searches, SPEC §4), and "Add (n)". A failure keeps the choices.
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { searchEmployeesNotIn } from '../api/directory.ts';
import { useAddParticipants } from '../api/groups.ts';
import { EmployeeCheckbox } from '../people/employee-row.tsx';
import { EmployeeSearchForm } from '../people/employee-search-form.tsx';
import { EmployeeResults, useEmployeeSearch } from '../people/employee-picker.tsx';

export function AddParticipantsModal({ roomUuid, onClose }: { roomUuid: string; onClose(): void }) {
  const { t } = useTranslation();
  const showFailure = useFailureHandler();
  const search = useEmployeeSearch((query, signal) => searchEmployeesNotIn(roomUuid, query, signal), ['not-in', roomUuid]);
  const add = useAddParticipants(roomUuid);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = () => add.mutateAsync([...selected]).then(onClose, showFailure);

  return (
    <Modal
      title={t('chat.detail.addParticipants')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        // The dialog's footer: in view however long the results are (issue 37).
        <Button onClick={() => void submit()} disabled={selected.size === 0} busy={add.isPending}>
          {t('chat.detail.addCount', { count: selected.size })}
        </Button>
      }
    >
      <EmployeeSearchForm search={search} />
      <EmployeeResults search={search}>{(employee) => <EmployeeCheckbox employee={employee} checked={selected.has(employee.id)} onToggle={toggle} />}</EmployeeResults>
    </Modal>
  );
}

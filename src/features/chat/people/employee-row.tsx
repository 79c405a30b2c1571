// One employee in a search result (SPEC §2, §3), as the kit's ListRow: avatar, first and last name,
// employee number, job title and company name. Either a button (choose this person), a checkbox (one of
// many: the whole row is its label) or a plain row (a room's participants).
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { ListRow } from '../../../shared/ui/list-row.tsx';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import type { Employee } from '../api/directory.ts';
import styles from './people.module.css';

function personLines(employee: Employee) {
  const jobTitle = jobTitleOf(employee);
  const company = employee.ess_company?.name ?? '';
  return {
    start: <Avatar src={employee.signed_profile_picture_url} firstName={employee.first_name} lastName={employee.last_name} decorative />,
    title: personName(employee),
    subtitle: employee.employee_number || undefined,
    meta:
      jobTitle || company ? (
        <>
          {jobTitle && <span>{jobTitle}</span>}
          {jobTitle && company && <span aria-hidden="true"> · </span>}
          {company && <span>{company}</span>}
        </>
      ) : undefined,
  };
}

/** Choose this person; while disabled the row is shown, not offered. */
export function EmployeeButton({ employee, onChoose, disabled }: { employee: Employee; onChoose(employee: Employee): void; disabled?: boolean }) {
  return <ListRow {...personLines(employee)} onClick={disabled ? undefined : () => onChoose(employee)} testId="employee-row" />;
}

export function EmployeeCheckbox({ employee, checked, onToggle }: { employee: Employee; checked: boolean; onToggle(id: number): void }) {
  return (
    <label className={styles.checkRow} data-testid="employee-row">
      <ListRow
        {...personLines(employee)}
        selected={checked}
        end={<input type="checkbox" className={styles.check} checked={checked} onChange={() => onToggle(employee.id)} aria-label={personName(employee)} />}
      />
    </label>
  );
}

/** A person shown, not chosen (a room's participants). */
export function EmployeeItem({ employee }: { employee: Employee }) {
  return (
    <li data-testid="employee-row">
      <ListRow {...personLines(employee)} />
    </li>
  );
}

// One employee in a search result (SPEC §2, §3): avatar, first and last name, employee number, job
// title and company name. Either a button (choose this person) or a checkbox (one of many).
import type { ReactNode } from 'react';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { jobTitleOf, personName } from '../../../shared/format/person.ts';
import type { Employee } from '../api/directory.ts';
import styles from './people.module.css';

function Person({ employee, after }: { employee: Employee; after?: ReactNode }) {
  const jobTitle = jobTitleOf(employee);
  const company = employee.ess_company?.name ?? '';
  return (
    <>
      <Avatar src={employee.signed_profile_picture_url} firstName={employee.first_name} lastName={employee.last_name} />
      <span className={styles.personText}>
        <span className={styles.personName}>{personName(employee)}</span>
        <span className={styles.personMeta}>{employee.employee_number}</span>
        {jobTitle && <span className={styles.personMeta}>{jobTitle}</span>}
        {company && <span className={styles.personMeta}>{company}</span>}
      </span>
      {after}
    </>
  );
}

export function EmployeeButton({ employee, onChoose, disabled }: { employee: Employee; onChoose(employee: Employee): void; disabled?: boolean }) {
  return (
    <button type="button" className={styles.personRow} data-testid="employee-row" onClick={() => onChoose(employee)} disabled={disabled}>
      <Person employee={employee} />
    </button>
  );
}

export function EmployeeCheckbox({ employee, checked, onToggle }: { employee: Employee; checked: boolean; onToggle(id: number): void }) {
  return (
    <label className={styles.personRow} data-testid="employee-row">
      <Person employee={employee} after={<input type="checkbox" className={styles.check} checked={checked} onChange={() => onToggle(employee.id)} aria-label={personName(employee)} />} />
    </label>
  );
}

/** A person shown, not chosen (a room's participants). */
export function EmployeeItem({ employee }: { employee: Employee }) {
  return (
    <li className={styles.personRow} data-testid="employee-row">
      <Person employee={employee} />
    </li>
  );
}

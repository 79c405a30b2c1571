// The employees to pick from, virtualised (a mass search can answer 2,000+ people: only the rows in
// view exist). Each row is memoised and gets a stable toggle, so selecting everyone re-renders the
// visible rows only.
import { memo } from 'react';
import { VList } from 'virtua';
import type { Employee } from '../api/directory.ts';
import { EmployeeCheckbox } from '../people/employee-row.tsx';
import styles from './create-chat.module.css';
import type { Selection } from './use-selection.ts';

/** A row's height (avatar, name, number, job title, company): 6rem, as create-chat.module.css fixes it. */
const ROW_HEIGHT = 96;

interface PickRowProps {
  employee: Employee;
  checked: boolean;
  onToggle(employee: Employee): void;
}

const PickRow = memo(function PickRow({ employee, checked, onToggle }: PickRowProps) {
  return <EmployeeCheckbox employee={employee} checked={checked} onToggle={() => onToggle(employee)} />;
});

export function EmployeePickList({ employees, chosen, onToggle }: { employees: readonly Employee[]; chosen: Selection; onToggle(employee: Employee): void }) {
  return (
    <VList data={employees} itemSize={ROW_HEIGHT} className={styles.list} data-testid="employee-list">
      {(employee) => <PickRow key={employee.id} employee={employee} checked={chosen.has(employee.id)} onToggle={onToggle} />}
    </VList>
  );
}

// The people chosen for a new group (SPEC §4: checked employees persist across searches): their ids,
// with their records so they can still be listed and unchecked after another search. The callbacks
// are stable, so a memoised row re-renders only when its own checkbox changes.
import { useCallback, useState } from 'react';
import type { Employee } from '../api/directory.ts';

export type Selection = ReadonlyMap<number, Employee>;

export function useSelection() {
  const [chosen, setChosen] = useState<Selection>(() => new Map());
  const toggle = useCallback(
    (employee: Employee) =>
      setChosen((before) => {
        const next = new Map(before);
        if (!next.delete(employee.id)) next.set(employee.id, employee);
        return next;
      }),
    [],
  );
  const addAll = useCallback(
    (employees: readonly Employee[]) =>
      setChosen((before) => {
        const next = new Map(before);
        for (const employee of employees) next.set(employee.id, employee);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Map()), []);
  return { chosen, toggle, addAll, clear };
}

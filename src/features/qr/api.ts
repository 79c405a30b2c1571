// The QR feature's calls: the check-in at a place (POST /attendance/qr-check-in, x-inferred) and its
// answer kept as SPEC §3's check-in data, and who a scanned "My QR" belongs to (SPEC §7's employee
// search by employee code: a read, though a POST).
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkInAtLocationMutation, searchEmployeesMutation } from '../../../generated/http/@tanstack/react-query.gen.ts';
import type { CheckIn, Employee } from '../../../generated/http/types.gen.ts';
import { call } from '../../api/call-mutation.ts';
import { getStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';

export type { CheckIn, Employee };

// SPEC §3's check-in data: the last check-in the server recorded, kept in the app's storage under
// `check_in_data` (a session key: logout removes it), so the check-in screen shows it when it opens.
export interface StoredCheckIn {
  check_in: CheckIn;
  /** The code that was scanned (the answer's location may leave its code out). */
  location_code: string;
}

const isStoredCheckIn = (value: unknown): value is StoredCheckIn => {
  const stored = value as Partial<StoredCheckIn> | undefined;
  const checkIn = stored?.check_in;
  return (
    typeof stored?.location_code === 'string' &&
    typeof checkIn?.id === 'number' &&
    typeof checkIn.checked_in_at === 'string' &&
    typeof checkIn.location?.name === 'string'
  );
};

/** The last check-in, or undefined (none yet, or something else left under the key). */
export function lastCheckIn(): StoredCheckIn | undefined {
  const stored = getStorage().get(STORAGE_KEYS.checkInData);
  return isStoredCheckIn(stored) ? stored : undefined;
}

export function storeCheckIn(checkIn: CheckIn, locationCode: string): Promise<void> {
  return getStorage().set(STORAGE_KEYS.checkInData, { check_in: checkIn, location_code: locationCode } satisfies StoredCheckIn);
}

/** The check-in, kept as SPEC §3's check-in data once the server has recorded it. */
export function useCheckIn() {
  return useMutation({
    ...checkInAtLocationMutation(),
    onSuccess: (answer, variables) => storeCheckIn(answer.check_in, variables.body.location_code),
  });
}

const searchEmployees = call(searchEmployeesMutation());

/**
 * The employee whose number a scanned code carries; null when the directory has nobody with exactly
 * that number (the search matches parts of codes: only an exact match is the person).
 */
export function findEmployeeByNumber(employeeNumber: string): Promise<Employee | null> {
  return searchEmployees({ body: { employee_code: employeeNumber } }).then(
    (answer) => answer.users?.find((user) => user.employee_number?.toLowerCase() === employeeNumber.toLowerCase()) ?? null,
  );
}

export function useEmployeeByNumber(employeeNumber: string | undefined) {
  return useQuery({
    queryKey: ['qr', 'employee', employeeNumber] as const,
    queryFn: () => findEmployeeByNumber(employeeNumber!),
    enabled: employeeNumber !== undefined,
    staleTime: 60_000,
    retry: false,
  });
}

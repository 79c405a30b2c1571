// One employee by id, for the screens a link opens with `?user_id=` (starting a call, starting a direct
// chat): who it is, shown before anything starts. Through the video call's employee search with the
// contract's inferred `user_id` (a read, though the spec makes it a POST); null when nobody has that id.
// Here, not in a feature, because calls and chat both ask it and features never import each other.
import { searchVideoCallEmployeesMutation } from '../../generated/http/@tanstack/react-query.gen.ts';
import type { Employee } from '../../generated/http/types.gen.ts';
import { call } from './call-mutation.ts';

export const findEmployeeById = (userId: number): Promise<Employee | null> =>
  call(searchVideoCallEmployeesMutation())({ body: { user_id: userId } }).then((answer) => answer.users?.find((user) => user.id === userId) ?? null);

/** The query of one employee by id: one cache entry per person, whichever screen asks. */
export const employeeByIdOptions = (userId: number | undefined) => ({
  queryKey: ['employees', userId] as const,
  queryFn: () => findEmployeeById(userId!),
  enabled: userId !== undefined,
  staleTime: 60_000,
});

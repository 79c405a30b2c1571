// The logout flow's "clear the permission cache" (SPEC §4), without loading the generated SDK: a
// logout at start (no session) must not pull the SDK onto the login screen's critical path.
import type { QueryClient } from '@tanstack/react-query';

/** Matches the generated getPermissions query key (`[{ _id: 'getPermissions', … }]`). */
export function resetPermissions(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => (query.queryKey[0] as { _id?: unknown } | undefined)?._id === 'getPermissions' });
}

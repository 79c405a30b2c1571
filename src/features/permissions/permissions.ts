// SPEC §6: the permission list is fetched once (30 s timeout), cached until logout, and an empty list
// when the fetch fails, so nothing is permitted. A name is permitted when it is in the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPermissionsOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { failureFromBody } from '../../api/errors.ts';
import { getStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';

export const PERMISSION_TIMEOUT_MS = 30_000;

const generated = getPermissionsOptions();

export const permissionsQuery = queryOptions({
  queryKey: generated.queryKey,
  queryFn: async (context): Promise<string[]> => {
    const signal = AbortSignal.any([context.signal, AbortSignal.timeout(PERMISSION_TIMEOUT_MS)]);
    try {
      const answer = await generated.queryFn!({ ...context, signal } as Parameters<NonNullable<typeof generated.queryFn>>[0]);
      if (failureFromBody(answer)) return [];
      const permissions = answer.permissions ?? [];
      await getStorage().set(STORAGE_KEYS.permissions, permissions);
      return permissions;
    } catch {
      return [];
    }
  },
  // Cached until logout, which clears the query cache.
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** Whether a permission is in the list; false while the list loads and when it failed. */
export function hasPermission(permissions: readonly string[] | undefined, name: string): boolean {
  return permissions?.includes(name) ?? false;
}

/** `can(name)` for screens. */
export function usePermissions(enabled = true): { can: (name: string) => boolean; isLoading: boolean } {
  const { data, isLoading } = useQuery({ ...permissionsQuery, enabled });
  return { can: (name) => hasPermission(data, name), isLoading };
}

export { resetPermissions } from './reset-permissions.ts';

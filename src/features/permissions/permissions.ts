// SPEC §6: a name is permitted when it is in the user's permission list (src/features/permissions/api.ts).
import { useQuery } from '@tanstack/react-query';
import { permissionsQuery } from './api.ts';

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

// SPEC §6: the permission list is fetched once (30 s timeout), cached until logout, and an empty list
// when the fetch fails (an error in the body included), so nothing is permitted. It is stored under
// `permissions` (SPEC §3) and handed to the web modules with the session (modules/module-session.ts),
// which gate their own features by it; no native screen is gated (SPEC names no permission that gates one).
import { queryOptions } from '@tanstack/react-query';
import { getPermissionsOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { getStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';

export const PERMISSION_TIMEOUT_MS = 30_000;

const generated = getPermissionsOptions();

export const permissionsQuery = queryOptions({
  queryKey: generated.queryKey,
  queryFn: async (context): Promise<string[]> => {
    const signal = AbortSignal.any([context.signal, AbortSignal.timeout(PERMISSION_TIMEOUT_MS)]);
    try {
      const answer = await generated.queryFn!({ ...context, signal } as Parameters<NonNullable<typeof generated.queryFn>>[0]);
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

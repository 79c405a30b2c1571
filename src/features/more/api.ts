// The More menu's one call: the user's data, fetched afresh every time the menu opens (SPEC §4: the
// menu loads until user data is fetched), even when the session already holds a copy.
import { useQuery } from '@tanstack/react-query';
import { getUserDataOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';

export function moreUserDataOptions() {
  return { ...getUserDataOptions(), staleTime: 0, refetchOnMount: 'always' as const };
}

export function useMoreUserData() {
  return useQuery(moreUserDataOptions());
}

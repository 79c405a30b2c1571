// The More menu's one call: the user's data, fetched afresh every time the menu opens (SPEC §4: the
// menu loads until user data is fetched), even when the session already holds a copy.
import { getUserDataOptions } from '../../../generated/http/@tanstack/react-query.gen.ts';

export function moreUserDataQuery() {
  return { ...getUserDataOptions(), staleTime: 0, refetchOnMount: 'always' as const };
}

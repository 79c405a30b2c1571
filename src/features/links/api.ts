// The two outside links' calls: a single sign-on URL for the partner HR system (a POST) and the job
// portal's signed URL, fetched when tapped and never kept (each token is for one visit).
import type { QueryClient } from '@tanstack/react-query';
import { generateJobPortalTokenOptions, requestSunfishSsoTokenMutation } from '../../../generated/http/@tanstack/react-query.gen.ts';

export { requestSunfishSsoTokenMutation };

export function fetchJobPortalToken(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...generateJobPortalTokenOptions(), staleTime: 0, gcTime: 0, retry: false });
}

// The two outside links' calls: a single sign-on URL for the partner HR system (a POST) and the job
// portal's signed URL, fetched when tapped and never kept (each token is for one visit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateJobPortalTokenOptions, requestSunfishSsoTokenMutation } from '../../../generated/http/@tanstack/react-query.gen.ts';

export function useSunfishSsoToken() {
  return useMutation(requestSunfishSsoTokenMutation());
}

export function useJobPortalToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...generateJobPortalTokenOptions(), staleTime: 0, gcTime: 0, retry: false }),
  });
}

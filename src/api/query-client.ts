import { QueryClient } from '@tanstack/react-query';

// One client for the app. Reads stay fresh for 30 s and retry once (mobile networks drop);
// writes never retry on their own, so a message is never sent twice.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

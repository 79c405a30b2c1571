import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../api/query-client.ts';
import { ContractLoopPage } from './contract-loop-page.tsx';

// The app shell (routes, session, tabs) arrives with the shell issue; this frame proves the
// contract → generated client → mock loop end to end.
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ContractLoopPage />
    </QueryClientProvider>
  );
}

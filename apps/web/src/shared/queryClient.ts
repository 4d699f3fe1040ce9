import { QueryClient } from '@tanstack/react-query';

/**
 * The query client of the signed-in layout (app/layout/AppLayout.tsx, one per mount). The error
 * catalogue already told the user about a failure, so queries do not retry (a retry would show
 * the message again) and do not refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

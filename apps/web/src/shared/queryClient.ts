import { QueryClient } from '@tanstack/react-query';

/**
 * One query client. The error catalogue already told the user about a failure, so queries do
 * not retry (a retry would show the message again) and do not refetch on window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

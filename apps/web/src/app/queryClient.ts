import { QueryClient } from '@tanstack/react-query';

/**
 * Query retries are off: the API client owns the retry policy (SPEC §7, off by default), and a second
 * layer of retries would also repeat the failure toasts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

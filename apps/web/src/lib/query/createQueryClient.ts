import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import './queryMeta.ts';
import { toastMutationError, toastMutationSuccess, toastQueryError } from './queryToasts.ts';

/**
 * Query retries are off: the API client owns the retry policy (SPEC §7, off by default), and a second
 * layer of retries would also repeat the failure toasts. Failure and success toasts come from the
 * caches, driven by each query's and mutation's `meta`, so query functions and hooks stay free of
 * try/catch.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastMutationError(error, mutation),
      onSuccess: (_data, _variables, _context, mutation) => toastMutationSuccess(mutation),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

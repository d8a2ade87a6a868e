import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, showApiError } from './errors';

// Failed loads and saves are shown through the error catalogue once, here, instead of in every
// screen (spec 01 §7: screens only stop their spinner). A query or mutation that shows its own error
// (the sign-in form, the branding fallback) sets `meta: { silent: true }`.

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Only failures where the server was never reached are worth repeating automatically. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const transient = error.kind === 'network' || error.kind === 'unavailable';
  return transient && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) showApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

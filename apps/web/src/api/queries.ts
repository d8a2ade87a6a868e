import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pageOf, rowsOf, type Paged } from '@rms/contracts/common';
import type { Endpoint, EndpointInput, EndpointOutput } from '@rms/contracts/endpoint';
import { api } from './client';

// Query keys and mutations for endpoints declared in contracts. Every key starts with the endpoint's
// area, so a save invalidates by area (`['activations']`), never by a hand-written string.

/** The key of every query of the endpoint's area: what a save there invalidates. */
export const areaKey = (endpoint: Endpoint) => [endpoint.area] as const;

/** The cache key of one call: area first, then the endpoint and its input. */
export function endpointKey<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>) {
  return [endpoint.area, endpoint.method, endpoint.path, input ?? null] as const;
}

/** Key and fetcher of one call, to spread into `queryOptions({...})` beside its other options. */
export function apiQuery<E extends Endpoint>(endpoint: E, input: EndpointInput<E>) {
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => (api as Call<E>)(endpoint, input, { signal }),
  };
}

type Call<E extends Endpoint> = (
  e: E,
  i: EndpointInput<E>,
  o: { signal: AbortSignal },
) => Promise<EndpointOutput<E>>;
type Row<E extends Endpoint> = Extract<EndpointOutput<E>, unknown[]>[number];
type ListQuery<E extends Endpoint> =
  EndpointInput<E> extends { query?: infer Q } ? Omit<NonNullable<Q>, 'pagination'> : never;

/** One page of a list endpoint (its answer is paged unless asked otherwise). */
export function apiPage<E extends Endpoint>(endpoint: E, query: ListQuery<E>) {
  const input = { query } as EndpointInput<E>;
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      pageOf((await (api as Call<E>)(endpoint, input, { signal })) as Paged<Row<E>> | Row<E>[]),
  };
}

/** Every row of a list endpoint (`pagination=false`). */
export function apiRows<E extends Endpoint>(endpoint: E, query?: ListQuery<E>) {
  const input = { query: { ...query, pagination: 'false' } } as EndpointInput<E>;
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      rowsOf((await (api as Call<E>)(endpoint, input, { signal })) as Paged<Row<E>> | Row<E>[]),
  };
}

/**
 * The console's one mutation hook: runs `call` and, once it succeeds, reloads every query of the
 * given areas (the saved area, and any other whose lists show what changed). `silent`: the screen
 * shows a failure itself (on the form), so the error catalogue does not (api/query-client.ts).
 */
export function useInvalidatingMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  areas: readonly string[],
  { silent = false }: { silent?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: silent ? { silent } : undefined,
    onSuccess: () => Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] }))),
  });
}

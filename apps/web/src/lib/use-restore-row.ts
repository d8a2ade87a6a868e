import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoint, EndpointInput } from '@rms/contracts/endpoint';
import { api, put } from '../api/client';

/**
 * Restores a deleted row through the area's update endpoint (PUT {id, is_active: true},
 * contracts/soft-delete.ts) and reloads the lists under `keys` (an organization brings its people
 * back, so it reloads theirs too).
 */
export function useRestoreRow<E extends Endpoint>(update: E | string, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      typeof update === 'string'
        ? put<{ detail: string }>(update, { id, is_active: true })
        : (api(update, { body: { id, is_active: true } } as EndpointInput<E>) as Promise<{ detail: string }>),
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

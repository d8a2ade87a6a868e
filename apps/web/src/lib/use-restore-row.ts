import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { put } from '../api/client';

/**
 * Restores a deleted row of the area at `path` (PUT {id, is_active: true}, contracts/soft-delete.ts) and
 * reloads the lists under `keys` (an organization brings its people back, so it reloads theirs too).
 */
export function useRestoreRow(path: string, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<{ detail: string }>(path, { id, is_active: true }),
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

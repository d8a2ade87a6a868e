import type { Endpoint, EndpointInput } from '@rms/contracts/endpoint';
import { api } from '../api/client';
import { useInvalidatingMutation } from '../api/queries';

/**
 * Restores a deleted row through its area's update endpoint (PUT {id, is_active: true},
 * contracts/soft-delete.ts) and reloads that area's queries and those of the areas in `also` (an
 * organization brings its people back, so it reloads theirs too).
 */
export function useRestoreRow<E extends Endpoint>(update: E, also: readonly Endpoint[] = []) {
  return useInvalidatingMutation(
    (id: number) =>
      api(update, { body: { id, is_active: true } } as EndpointInput<E>) as Promise<{ detail: string }>,
    [update.area, ...also.map((e) => e.area)],
  );
}

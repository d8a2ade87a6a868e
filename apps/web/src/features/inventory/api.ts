import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { INVENTORY_API, inventoryApi as A } from '@rms/contracts/api/inventory';
import type { EndpointInput } from '@rms/contracts/endpoint';
import type { InventoryKind, InventoryRow } from '@rms/contracts/inventory';
import { api } from '../../api/client';
import { apiPage, areaKey, useInvalidatingMutation } from '../../api/queries';

// The inventory area's calls (spec 02 §7), declared in contracts (api/inventory.ts): one set for RMS,
// STLT and pole, each kind at its own path.

/** The inventory area: a save, a new key or a bulk upload reloads its lists. */
export const INVENTORY_AREA = A.rmsList.area;
/** Every inventory query. */
export const INVENTORY_KEY = areaKey(A.rmsList);

export function inventoryListQuery(
  kind: InventoryKind,
  params: { page: number; pageSize: number; query: string; deleted: boolean },
) {
  return queryOptions({
    ...apiPage(INVENTORY_API[kind].list, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
      is_active: params.deleted ? 'false' : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

type KindApi = (typeof INVENTORY_API)[InventoryKind];

/**
 * What the form sends: the kind's fields under the kind's own names (INVENTORY[kind].idField ...), which
 * the form picks at run time, with the id when editing; the server's schema checks them.
 */
export type InventoryBody = Record<string, unknown> & { id?: number };

export function useSaveInventory(kind: InventoryKind) {
  const E = INVENTORY_API[kind];
  return useInvalidatingMutation(
    (body: InventoryBody) =>
      body.id === undefined
        ? api(E.create, { body: body as EndpointInput<KindApi['create']>['body'] })
        : api(E.update, { body: body as EndpointInput<KindApi['update']>['body'] }),
    [INVENTORY_AREA],
  );
}

/** Soft delete; the RMS delete also sends the expiry date (spec 02 §7). */
export function useDeleteInventory(kind: InventoryKind) {
  const E = INVENTORY_API[kind];
  return useInvalidatingMutation(
    (row: InventoryRow) =>
      api(E.update, {
        body: {
          id: row.id,
          is_active: false,
          ...('expiry_date' in row && { expiry_date: row.expiry_date }),
        },
      }),
    [INVENTORY_AREA],
  );
}

/** A new key for an RMS device (the answer is the only place it is shown). */
export function useRotateDeviceKey() {
  return useMutation({ mutationFn: (id: number) => api(A.deviceKey, { body: { id } }) });
}

/** New keys for the selected RMS devices (the answer is the only place they are shown). */
export function useIssueDeviceKeys() {
  return useInvalidatingMutation(
    (devices: number[]) => api(A.deviceKeys, { body: { devices } }),
    [INVENTORY_AREA],
  );
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@rms/contracts/common';
import {
  INVENTORY,
  type DeviceKeysAnswer,
  type InventoryKind,
  type InventoryRow,
} from '@rms/contracts/inventory';
import { get, post, put } from '../../api/client';

// The inventory area's calls (spec 02 §7): one set for RMS, STLT and pole, by the kind's path.

/** The query key of a kind's lists (a bulk upload reloads them). */
export const inventoryKey = (kind: InventoryKind) => ['inventory', kind] as const;
const keyOf = inventoryKey;

export function inventoryListQuery(
  kind: InventoryKind,
  params: { page: number; pageSize: number; query: string; deleted: boolean },
) {
  return queryOptions({
    queryKey: [...keyOf(kind), 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<InventoryRow>>(INVENTORY[kind].path, {
        query: {
          page: params.page,
          page_size: params.pageSize,
          query: params.query || undefined,
          is_active: params.deleted ? 'false' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

type Saved = InventoryRow & { detail: string; device_key?: string };

function useInvalidatingMutation<TBody, TResult>(
  kind: InventoryKind,
  call: (body: TBody) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(kind) }),
  });
}

export function useSaveInventory(kind: InventoryKind) {
  return useInvalidatingMutation(kind, (body: Record<string, unknown> & { id?: number }) =>
    body.id === undefined ? post<Saved>(INVENTORY[kind].path, body) : put<Saved>(INVENTORY[kind].path, body),
  );
}

/** Soft delete; the RMS delete also sends the expiry date (spec 02 §7). */
export function useDeleteInventory(kind: InventoryKind) {
  return useInvalidatingMutation(kind, (row: InventoryRow) =>
    put<{ detail: string }>(INVENTORY[kind].path, {
      id: row.id,
      is_active: false,
      ...('expiry_date' in row && { expiry_date: row.expiry_date }),
    }),
  );
}

/** A new key for an RMS device (the answer is the only place it is shown). */
export function useRotateDeviceKey() {
  return useMutation({
    mutationFn: (id: number) =>
      post<{ device_key: string; detail: string }>(`${INVENTORY.rms.path}device_key/`, { id }),
  });
}

/** New keys for the selected RMS devices (the answer is the only place they are shown). */
export function useIssueDeviceKeys() {
  return useInvalidatingMutation('rms', (devices: number[]) =>
    post<DeviceKeysAnswer>(`${INVENTORY.rms.path}keys/`, { devices }),
  );
}

import { BULK_AREAS, type BulkArea } from '@rms/contracts/bulk-upload';
import type { InventoryKind, PoleCreateBody, RmsCreateBody, StltCreateBody } from '@rms/contracts/inventory';
import { bulkSaver, type BulkSaver } from '../../batch/bulk-saver';
import { saveInventory, validateInventory, type InventoryFields } from './batch';

// RMS, STLT and pole IDs from a sheet: each row is the kind's create body, put under the neutral names
// the create form's rules and save take (batch.ts).

const shared = (row: PoleCreateBody | StltCreateBody | RmsCreateBody) => ({
  manufacture: row.manufacture,
  inventory_date: row.inventory_date,
  remarks: row.remarks,
});

function inventoryBulk<Row extends object>(
  kind: InventoryKind,
  area: BulkArea<Row>,
  fieldsOf: (row: Row) => InventoryFields,
): BulkSaver<Row> {
  return bulkSaver({
    area,
    resolve: async (_context, rows) => ({
      rows: rows.map((r) => ({ row: r.row, data: fieldsOf(r.data) })),
      problems: [],
    }),
    validate: validateInventory(kind),
    async save(context, rows) {
      const { ids, device_keys } = await saveInventory(context, kind, rows);
      return { created: ids.length, ...(device_keys && { device_keys }) };
    },
  });
}

export const rmsBulk = inventoryBulk('rms', BULK_AREAS.rms, (row) => ({
  code: row.device_id,
  model: row.model,
  expiry_date: row.expiry_date,
  ...shared(row),
}));
export const stltBulk = inventoryBulk('stlt', BULK_AREAS.stlt, (row) => ({
  code: row.stlt_id,
  model: row.model_no,
  ...shared(row),
}));
export const poleBulk = inventoryBulk('pole', BULK_AREAS.pole, (row) => ({
  code: row.pole_id,
  model: row.model,
  ...shared(row),
}));

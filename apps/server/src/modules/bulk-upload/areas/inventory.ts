import { and, eq, getTableName, Param, sql } from 'drizzle-orm';
import type { IssuedDeviceKey } from '@rms/contracts/inventory';
import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import { INVENTORY, INVENTORY_MESSAGES, type InventoryKind } from '@rms/contracts/inventory';
import { poles, rmsDevices, stlts } from '../../../db/schema/inventory';
import type { Db } from '../../../db/client';
import { insertUnnest, type UnnestColumn } from '../../../db/unnest-insert';
import { issueDeviceKeys } from '../../../telemetry/device-keys';
import type { BulkSaver, ParsedRow } from '../engine';

// RMS, STLT and pole IDs from a sheet: the same rules as the create form (its schema, RMS expiry after
// today, an ID unique among active rows of its kind in every organization), saved for the caller's
// organization in one unnest insert per batch. Every new RMS device gets its key in the same transaction,
// as one made with the form does; the keys go back in the answer, in the sheet's order, for flashing.

const TABLES = { rms: rmsDevices, stlt: stlts, pole: poles };

function inventorySaver(kind: InventoryKind): BulkSaver {
  const config = INVENTORY[kind];
  const table = TABLES[kind];
  const column = (key: string, name: string, type: UnnestColumn['type'], rows: ParsedRow[]) => ({
    name,
    type,
    values: rows.map((r) => r.data[key]),
  });
  return {
    area: BULK_AREAS[kind],
    rowError: (data, { today }) =>
      kind === 'rms' && String(data.expiry_date) <= today ? INVENTORY_MESSAGES.expiryAfterToday : undefined,
    async conflicts({ db }, rows) {
      if (!rows.length) return [];
      const codes = rows.map((r) => String(r.data[config.idField]).toLowerCase());
      const taken = await db
        .select({ code: sql<string>`lower(${table.code})` })
        .from(table)
        .where(and(eq(table.isActive, true), sql`lower(${table.code}) = any(${new Param(codes)}::text[])`));
      const set = new Set(taken.map((t) => t.code));
      return rows.filter((_, i) => set.has(codes[i]!)).map((r) => ({ row: r.row, error: config.duplicate }));
    },
    async save({ db, auth }, rows) {
      const created = await insertUnnest(
        db,
        getTableName(table),
        [
          column(config.idField, table.code.name, 'text', rows),
          column(config.modelField, table.model.name, 'text', rows),
          column('manufacture', 'manufacture', 'text', rows),
          column('inventory_date', 'inventory_date', 'date', rows),
          column('remarks', 'remarks', 'text', rows),
          ...(kind === 'rms' ? [column('expiry_date', 'expiry_date', 'date', rows)] : []),
        ],
        { organization_id: auth.organizationId, created_by: auth.id },
      );
      if (kind !== 'rms') return { created };
      return {
        created,
        device_keys: await keysOfNew(
          db,
          rows.map((r) => String(r.data[config.idField])),
        ),
      };
    },
  };
}

/** Keys for the RMS devices just inserted with these IDs (active IDs are unique), in the given order. */
async function keysOfNew(db: Db, codes: string[]): Promise<IssuedDeviceKey[]> {
  const lower = codes.map((c) => c.toLowerCase());
  const made = await db
    .select({ id: rmsDevices.id, code: rmsDevices.code })
    .from(rmsDevices)
    .where(
      and(eq(rmsDevices.isActive, true), sql`lower(${rmsDevices.code}) = any(${new Param(lower)}::text[])`),
    );
  const keys = await issueDeviceKeys(
    db,
    made.map((d) => d.id),
  );
  const byCode = new Map(made.map((d) => [d.code.toLowerCase(), d]));
  return lower.map((code) => {
    const device = byCode.get(code)!;
    return { id: device.id, device_id: device.code, device_key: keys.get(device.id)! };
  });
}

export const rmsBulk = inventorySaver('rms');
export const stltBulk = inventorySaver('stlt');
export const poleBulk = inventorySaver('pole');

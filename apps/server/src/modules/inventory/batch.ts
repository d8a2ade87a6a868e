import { and, eq, getTableName, ne, Param, sql } from 'drizzle-orm';
import {
  INVENTORY,
  INVENTORY_MESSAGES,
  type InventoryKind,
  type IssuedDeviceKey,
} from '@rms/contracts/inventory';
import type { AuthUser } from '../../auth/access';
import { splitRows, type BatchRow, type RowProblem, type ValidateMany } from '../../batch/batch';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { insertUnnest, type UnnestColumn } from '../../db/unnest-insert';
import { issueDeviceKeys } from '../../telemetry/device-keys';
import { INVENTORY_TABLES as TABLES } from './tables';

// RMS, STLT and pole IDs in batches, for the create form (one row) and the sheet (many): the rules
// (an RMS device's expiry after today; an ID unique among active rows of its kind in every
// organization) and the save (one unnest insert per batch). Every new RMS device gets its key in the
// same transaction, whichever way it was made.

/** A kind's fields under neutral names; the routes and the sheet map them from the kind's field names. */
export interface InventoryFields {
  code: string;
  manufacture: string;
  model: string;
  inventory_date: string;
  remarks: string;
  expiry_date?: string | undefined;
}

/** The lower-cased IDs among `codes` that an active row of the kind holds (other than `exceptId`). */
export async function takenCodes(
  db: Db,
  kind: InventoryKind,
  codes: string[],
  exceptId?: number,
): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const t = TABLES[kind];
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  const taken = await db
    .select({ code: sql<string>`lower(${t.code})` })
    .from(t)
    .where(
      and(
        eq(t.isActive, true),
        sql`lower(${t.code}) = any(${new Param(lowered)}::text[])`,
        exceptId === undefined ? undefined : ne(t.id, exceptId),
      ),
    );
  return new Set(taken.map((r) => r.code));
}

/** The RMS expiry rule: after today in the deployment's time zone (the picker disables up to today). */
export const expiryPassed = (expiry: string | undefined, today: string) => (expiry ?? '') <= today;

/** The create rules. A row whose RMS expiry has passed is refused for that alone. */
export function validateInventory(
  kind: InventoryKind,
): ValidateMany<InventoryFields, InventoryFields, { db: Db; today: string }> {
  const { idField, duplicate } = INVENTORY[kind];
  return async ({ db, today }, rows) => {
    const problems: RowProblem[] = [];
    const dated: BatchRow<InventoryFields>[] = [];
    for (const r of rows) {
      if (kind === 'rms' && expiryPassed(r.data.expiry_date, today))
        problems.push({ row: r.row, field: 'expiry_date', message: INVENTORY_MESSAGES.expiryAfterToday });
      else dated.push(r);
    }
    const taken = await takenCodes(
      db,
      kind,
      dated.map((r) => r.data.code),
    );
    for (const r of dated)
      if (taken.has(r.data.code.toLowerCase()))
        problems.push({ row: r.row, field: idField, message: duplicate });
    return splitRows(rows, problems, (r) => r.data);
  };
}

export interface InventorySaved {
  ids: number[];
  /** RMS: every new device's key, in the rows' order. */
  device_keys?: IssuedDeviceKey[];
}

/**
 * Inserts every row for the caller's organization (run it in a transaction: an RMS device and its key
 * are saved together). A row whose ID another save took meanwhile fails the partial unique index.
 */
export async function saveInventory(
  { db, auth }: { db: Db; auth: Pick<AuthUser, 'id' | 'organizationId'> },
  kind: InventoryKind,
  rows: InventoryFields[],
): Promise<InventorySaved> {
  const t = TABLES[kind];
  const column = (name: string, type: UnnestColumn['type'], value: (r: InventoryFields) => unknown) => ({
    name,
    type,
    values: rows.map(value),
  });
  const ids = await insertUnnest(
    db,
    getTableName(t),
    [
      column(t.code.name, 'text', (r) => r.code),
      column(t.model.name, 'text', (r) => r.model),
      column(t.manufacture.name, 'text', (r) => r.manufacture),
      column(t.inventoryDate.name, 'date', (r) => r.inventory_date),
      column(t.remarks.name, 'text', (r) => r.remarks),
      ...(kind === 'rms' ? [column(rmsDevices.expiryDate.name, 'date', (r) => r.expiry_date)] : []),
    ],
    { organization_id: auth.organizationId, created_by: auth.id },
  );
  if (kind !== 'rms') return { ids };
  return {
    ids,
    device_keys: await keysOfNew(
      db,
      rows.map((r) => r.code),
    ),
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

import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_KEY_MESSAGES,
  INVENTORY,
  INVENTORY_MESSAGES,
  type InventoryKind,
  type IssuedDeviceKey,
} from '@rms/contracts/inventory';
import type { DeletedRowsQuery } from '@rms/contracts/soft-delete';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { batchContext } from '../../batch/batch';
import { validateOne } from '../../batch/form-row';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { rmsDevices } from '../../db/schema/inventory';
import { organizations } from '../../db/schema/organizations';
import { deviceKeys } from '../../db/schema/telemetry';
import { textSearch } from '../../db/search';
import { listedRows, refuseDeletedOrganization, restoreRow, softDelete } from '../../db/soft-delete';
import { fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';
import { today } from '../../calendar';
import { issueDeviceKeys } from '../../telemetry/device-keys';
import { isDeviceCode } from '../../telemetry/topics';
import { expiryPassed, saveInventory, takenCodes, validateInventory, type InventoryFields } from './batch';
import { INVENTORY_TABLES as TABLES } from './tables';

export type { InventoryFields } from './batch';

// One service for the three inventory kinds: their tables share one shape in code (`code`, `model`),
// RMS adds the expiry date. Rows belong to an organization (the current owner): the provider sees
// every row, a customer organization only its own (another's row is answered 404).

export interface InventoryDeps {
  db: Db;
  timeZone: string;
}

export interface InventoryRecord extends InventoryFields {
  id: number;
  /** RMS: when its current device key was made; null while it has none. */
  device_key_issued_at?: string | null;
  is_active: boolean;
  organization: number;
  current_organization: { id: number; company_name: string };
  created_at: string;
}

function selectRows(db: Db, kind: InventoryKind) {
  const t = TABLES[kind];
  const query = db
    .select({
      id: t.id,
      code: t.code,
      manufacture: t.manufacture,
      model: t.model,
      inventoryDate: t.inventoryDate,
      expiryDate: kind === 'rms' ? rmsDevices.expiryDate : sql<string | null>`null`,
      keyIssuedAt: kind === 'rms' ? deviceKeys.createdAt : sql<Date | null>`null`,
      remarks: t.remarks,
      isActive: t.isActive,
      organizationId: t.organizationId,
      companyName: organizations.companyName,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(organizations, eq(organizations.id, t.organizationId))
    .$dynamic();
  return kind === 'rms' ? query.leftJoin(deviceKeys, eq(deviceKeys.deviceId, rmsDevices.id)) : query;
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

function toRecord(r: Selected): InventoryRecord {
  return {
    id: r.id,
    code: r.code,
    manufacture: r.manufacture,
    model: r.model,
    inventory_date: r.inventoryDate,
    ...(r.expiryDate !== null && {
      expiry_date: r.expiryDate,
      device_key_issued_at: r.keyIssuedAt?.toISOString() ?? null,
    }),
    remarks: r.remarks,
    is_active: r.isActive,
    organization: r.organizationId,
    current_organization: { id: r.organizationId, company_name: r.companyName },
    created_at: r.createdAt.toISOString(),
  };
}

/** Active rows the caller's organization may see. */
function visible(kind: InventoryKind, auth: AuthUser): SQL | undefined {
  const t = TABLES[kind];
  return and(eq(t.isActive, true), orgScope(t.organizationId, auth));
}

/** The caller's active rows, or with `is_active=false` its deleted ones. */
export async function listInventory(
  { db }: InventoryDeps,
  auth: AuthUser,
  kind: InventoryKind,
  query: PageParams & DeletedRowsQuery & { query?: string | undefined; id?: number | undefined },
) {
  const t = TABLES[kind];
  const where = and(
    listedRows(t, query),
    orgScope(t.organizationId, auth),
    query.id ? eq(t.id, query.id) : undefined,
    textSearch(query.query, [t.code, t.manufacture, t.model, t.remarks]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectRows(db, kind).where(where).orderBy(desc(t.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return pageOf(query, rows.map(toRecord), total?.n ?? 0);
}

/** One active row the caller may see; 404 otherwise. */
export async function getInventory(db: Db, auth: AuthUser, kind: InventoryKind, id: number) {
  const [row] = await selectRows(db, kind).where(and(eq(TABLES[kind].id, id), visible(kind, auth)));
  if (!row) throw notFound();
  return toRecord(row);
}

/** An ID is unique among active rows of its kind, in every organization (the rule of batch.ts). */
async function checkCodeFree(db: Db, kind: InventoryKind, code: string, exceptId?: number) {
  if ((await takenCodes(db, kind, [code], exceptId)).size) throw duplicate(kind);
}

const duplicate = (kind: InventoryKind) => fieldError(INVENTORY[kind].idField, INVENTORY[kind].duplicate);

/**
 * The create form: its one row through the rules and the save a sheet's rows take (batch.ts). Run it in
 * a transaction: an RMS device comes with its key, answered here and never again.
 */
export async function createInventory(
  { db, timeZone }: InventoryDeps,
  auth: AuthUser,
  kind: InventoryKind,
  fields: InventoryFields,
): Promise<{ record: InventoryRecord; device_key?: string }> {
  const row = await validateOne(validateInventory(kind), batchContext(db, auth, timeZone), fields);
  // Two saves of one ID can pass the check at once; the partial unique index then decides.
  const { ids, device_keys } = await guardUnique(
    () => saveInventory({ db, auth }, kind, [row]),
    () => duplicate(kind),
  );
  const record = await getInventory(db, auth, kind, ids[0]!);
  return { record, ...(device_keys?.[0] && { device_key: device_keys[0].device_key }) };
}

/**
 * Restores a deleted row the caller may see; null when there is none (the id is then an active row, or
 * not found). Its ID must be free among active rows, and its organization active. An RMS device keeps
 * its key: a device deleted by mistake signs in again without being flashed anew (make a new key from
 * its edit screen when the old one should stop working).
 */
export async function restoreInventory(
  db: Db,
  auth: AuthUser,
  kind: InventoryKind,
  id: number,
): Promise<InventoryRecord | null> {
  const t = TABLES[kind];
  const restored = await restoreRow(db, t, id, {
    scope: orgScope(t.organizationId, auth),
    check: async (tx, row) => {
      await checkCodeFree(tx, kind, row.code, row.id);
      await refuseDeletedOrganization(tx, row.organizationId);
    },
    guard: (write) => guardUnique(write, () => duplicate(kind)),
  });
  return restored ? getInventory(db, auth, kind, restored.id) : null;
}

/** Updates the given fields; `isActive === false` soft-deletes and answers null. */
export async function updateInventory(
  { db, timeZone }: InventoryDeps,
  auth: AuthUser,
  kind: InventoryKind,
  id: number,
  changes: Partial<InventoryFields>,
  isActive: boolean | undefined,
): Promise<InventoryRecord | null> {
  const t = TABLES[kind];
  const current = await getInventory(db, auth, kind, id);
  if (isActive === false) {
    await softDelete(db, t, eq(t.id, current.id));
    return null;
  }
  if (changes.code !== undefined && changes.code.toLowerCase() !== current.code.toLowerCase())
    await checkCodeFree(db, kind, changes.code, current.id);
  const expiryChanged =
    kind === 'rms' && changes.expiry_date !== undefined && changes.expiry_date !== current.expiry_date;
  if (expiryChanged && expiryPassed(changes.expiry_date, today(timeZone)))
    throw fieldError('expiry_date', INVENTORY_MESSAGES.expiryAfterToday);
  const set = {
    ...(changes.code !== undefined && { code: changes.code }),
    ...(changes.manufacture !== undefined && { manufacture: changes.manufacture }),
    ...(changes.model !== undefined && { model: changes.model }),
    ...(changes.inventory_date !== undefined && { inventoryDate: changes.inventory_date }),
    ...(changes.remarks !== undefined && { remarks: changes.remarks }),
    updatedAt: new Date(),
  };
  await guardUnique(
    () =>
      kind === 'rms'
        ? db
            .update(rmsDevices)
            .set({ ...set, ...(expiryChanged && { expiryDate: changes.expiry_date }) })
            .where(eq(rmsDevices.id, current.id))
        : db.update(t).set(set).where(eq(t.id, current.id)),
    () => duplicate(kind),
  );
  return getInventory(db, auth, kind, current.id);
}

/**
 * New keys for RMS devices the caller sees (active, its organization's; the provider's people: any),
 * answered by RMS ID for the flashing step. One device it does not see answers 404 and nothing changes;
 * an RMS ID outside the id grammar cannot sign in, so it gets no key (400 naming it).
 */
export async function issueKeysFor(db: Db, auth: AuthUser, ids: number[]): Promise<IssuedDeviceKey[]> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const devices = await tx
      .select({ id: rmsDevices.id, code: rmsDevices.code })
      .from(rmsDevices)
      .where(and(inArray(rmsDevices.id, wanted), visible('rms', auth)))
      .orderBy(asc(rmsDevices.code), asc(rmsDevices.id));
    if (devices.length !== wanted.length) throw notFound();
    const outside = devices.find((d) => !isDeviceCode(d.code));
    if (outside) throw fieldError('devices', DEVICE_KEY_MESSAGES.outsideGrammar(outside.code));
    const keys = await issueDeviceKeys(
      tx,
      devices.map((d) => d.id),
    );
    return devices.map((d) => ({ id: d.id, device_id: d.code, device_key: keys.get(d.id)! }));
  });
}

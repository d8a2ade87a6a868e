import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { MASTER_DATA_MESSAGES as M, type HsnRow, type HsnSaveBody } from '@rms/contracts/master-data';
import type { Db } from '../../db/client';
import { gstSettings, hsnSettings } from '../../db/schema/master-data';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';

type GstRef = { id: number; name: string; value: number };

/** Active HSN codes, newest first, each with the names of its (still active) GST rates. */
export async function listHsn(db: Db, query: PageParams) {
  const where = eq(hsnSettings.isActive, true);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(hsnSettings).where(where).orderBy(desc(hsnSettings.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(hsnSettings).where(where),
  ]);
  const rates = await activeRates(db, [...new Set(rows.flatMap((r) => [...r.sameState, ...r.otherState]))]);
  return pageOf(
    query,
    rows.map((r) => toRow(r, rates)),
    total?.n ?? 0,
  );
}

/** Spec 01 §7: one POST adds (no id), edits (id) or soft-deletes (id, is_active false). */
export async function saveHsn(db: Db, body: HsnSaveBody): Promise<{ row: HsnRow; detail: string }> {
  if (body.kind === 'delete') {
    const [row] = await db
      .update(hsnSettings)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(hsnSettings.id, body.id), eq(hsnSettings.isActive, true)))
      .returning();
    if (!row) throw notFound('HSN setting not found');
    return {
      row: toRow(row, await activeRates(db, [...row.sameState, ...row.otherState])),
      detail: M.hsnDeleted,
    };
  }
  const sameState = [...new Set(body.same_state)];
  const otherState = [...new Set(body.other_state)];
  const rates = await activeRates(db, [...sameState, ...otherState]);
  for (const [field, ids] of [
    ['same_state', sameState],
    ['other_state', otherState],
  ] as const) {
    if (ids.some((gstId) => !rates.has(gstId))) throw fieldError(field, M.gstUnknown);
  }
  await refuseTaken(db, body.hsn_no, body.id);
  const values = { hsnNo: body.hsn_no, sameState, otherState };
  const duplicate = () => fieldError('hsn_no', M.hsnTaken);
  if (body.id === undefined) {
    const [row] = await guardUnique(() => db.insert(hsnSettings).values(values).returning(), duplicate);
    if (!row) throw new Error('insert returned no row');
    return { row: toRow(row, rates), detail: M.hsnAdded };
  }
  const id = body.id;
  const [row] = await guardUnique(
    () =>
      db
        .update(hsnSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(hsnSettings.id, id), eq(hsnSettings.isActive, true)))
        .returning(),
    duplicate,
  );
  if (!row) throw notFound('HSN setting not found');
  return { row: toRow(row, rates), detail: M.hsnUpdated };
}

async function activeRates(db: Db, ids: number[]): Promise<Map<number, GstRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: gstSettings.id, name: gstSettings.name, value: gstSettings.value })
    .from(gstSettings)
    .where(and(inArray(gstSettings.id, ids), eq(gstSettings.isActive, true)));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, value: Number(r.value) }]));
}

async function refuseTaken(db: Db, hsnNo: string, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [eq(hsnSettings.hsnNo, hsnNo), eq(hsnSettings.isActive, true)];
  if (exceptId !== undefined) conditions.push(ne(hsnSettings.id, exceptId));
  const [taken] = await db
    .select({ id: hsnSettings.id })
    .from(hsnSettings)
    .where(and(...conditions));
  if (taken) throw fieldError('hsn_no', M.hsnTaken);
}

function toRow(row: typeof hsnSettings.$inferSelect, rates: Map<number, GstRef>): HsnRow {
  // A GST rate deleted after the HSN code was saved drops out of both the ids and their names.
  const refs = (ids: number[]) => ids.flatMap((gstId) => rates.get(gstId) ?? []);
  const sameState = refs(row.sameState);
  const otherState = refs(row.otherState);
  return {
    id: row.id,
    hsn_no: row.hsnNo,
    same_state: sameState.map((r) => r.id),
    other_state: otherState.map((r) => r.id),
    same_state_data: sameState,
    other_state_data: otherState,
    is_active: row.isActive,
  };
}

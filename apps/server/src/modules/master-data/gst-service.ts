import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { MASTER_DATA_MESSAGES as M, type GstRow, type GstSaveBody } from '@rms/contracts/master-data';
import type { Db } from '../../db/client';
import { gstSettings } from '../../db/schema/master-data';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';

/** Active GST rates, lowest first. */
export async function listGst(db: Db, query: PageParams) {
  const where = eq(gstSettings.isActive, true);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gstSettings)
      .where(where)
      .orderBy(asc(gstSettings.value), asc(gstSettings.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(gstSettings).where(where),
  ]);
  return pageOf(query, rows.map(toRow), total?.n ?? 0);
}

/** Spec 01 §7: one POST adds (no id), edits (id) or soft-deletes (id, is_active false). */
export async function saveGst(db: Db, body: GstSaveBody): Promise<{ row: GstRow; detail: string }> {
  if (body.kind === 'delete') {
    const [row] = await db
      .update(gstSettings)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(gstSettings.id, body.id), eq(gstSettings.isActive, true)))
      .returning();
    if (!row) throw notFound('GST rate not found');
    return { row: toRow(row), detail: M.gstDeleted };
  }
  const values = { invoiceName: body.invoice_name, name: body.name, value: body.value };
  await refuseTaken(db, body.name, body.id);
  const duplicate = () => fieldError('name', M.gstTaken);
  if (body.id === undefined) {
    const [row] = await guardUnique(() => db.insert(gstSettings).values(values).returning(), duplicate);
    if (!row) throw new Error('insert returned no row');
    return { row: toRow(row), detail: M.gstAdded };
  }
  const id = body.id;
  const [row] = await guardUnique(
    () =>
      db
        .update(gstSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(gstSettings.id, id), eq(gstSettings.isActive, true)))
        .returning(),
    duplicate,
  );
  if (!row) throw notFound('GST rate not found');
  return { row: toRow(row), detail: M.gstUpdated };
}

async function refuseTaken(db: Db, name: string, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [
    sql`lower(${gstSettings.name}) = lower(${name})`,
    eq(gstSettings.isActive, true),
  ];
  if (exceptId !== undefined) conditions.push(ne(gstSettings.id, exceptId));
  const [taken] = await db
    .select({ id: gstSettings.id })
    .from(gstSettings)
    .where(and(...conditions));
  if (taken) throw fieldError('name', M.gstTaken);
}

function toRow(row: typeof gstSettings.$inferSelect): GstRow {
  return {
    id: row.id,
    invoice_name: row.invoiceName,
    name: row.name,
    value: Number(row.value),
    is_active: row.isActive,
  };
}

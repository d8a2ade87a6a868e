import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  MASTER_DATA_MESSAGES as M,
  type StateCreateBody,
  type StateQuery,
  type StateRow,
  type StateUpdateBody,
} from '@rms/contracts/master-data';
import type { Db } from '../../db/client';
import { states } from '../../db/schema/master-data';
import { pageOf, pageWindow } from '../../db/paging';
import { textSearch } from '../../db/search';
import { fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';

const DEFAULT_COUNTRY = 'India';

/** Active states by name; `country` is matched by name (India is the only one shipped). */
export async function listStates(db: Db, query: StateQuery) {
  const where = and(
    eq(states.isActive, true),
    query.country ? sql`lower(${states.country}) = lower(${query.country})` : undefined,
    query.id ? eq(states.id, query.id) : undefined,
    textSearch(query.query, [states.name]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(states).where(where).orderBy(asc(states.name)).limit(limit).offset(offset),
    db.select({ n: count() }).from(states).where(where),
  ]);
  return pageOf(query, rows.map(toRow), total?.n ?? 0);
}

export async function createState(db: Db, body: StateCreateBody): Promise<StateRow> {
  const country = body.country ?? DEFAULT_COUNTRY;
  await refuseTaken(db, body.name, country);
  const [row] = await guardUnique(
    () => db.insert(states).values({ name: body.name, country }).returning(),
    () => fieldError('name', M.stateTaken),
  );
  if (!row) throw new Error('insert returned no row');
  return toRow(row);
}

/** Renames a state, or soft-deletes it with `is_active: false`. */
export async function updateState(db: Db, body: StateUpdateBody): Promise<{ row: StateRow; detail: string }> {
  const [current] = await db
    .select()
    .from(states)
    .where(and(eq(states.id, body.id), eq(states.isActive, true)));
  if (!current) throw notFound('State not found');
  if (body.is_active === false) {
    const [row] = await db.update(states).set({ isActive: false }).where(eq(states.id, body.id)).returning();
    return { row: toRow(row ?? current), detail: M.stateDeleted };
  }
  if (body.name !== undefined) await refuseTaken(db, body.name, current.country, current.id);
  const [row] = await guardUnique(
    () =>
      db
        .update(states)
        .set({ name: body.name ?? current.name })
        .where(eq(states.id, body.id))
        .returning(),
    () => fieldError('name', M.stateTaken),
  );
  return { row: toRow(row ?? current), detail: M.stateUpdated };
}

async function refuseTaken(db: Db, name: string, country: string, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [
    sql`lower(${states.name}) = lower(${name})`,
    eq(states.country, country),
    eq(states.isActive, true),
  ];
  if (exceptId !== undefined) conditions.push(ne(states.id, exceptId));
  const [taken] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(...conditions));
  if (taken) throw fieldError('name', M.stateTaken);
}

function toRow(row: typeof states.$inferSelect): StateRow {
  return { id: row.id, name: row.name, country: row.country, is_active: row.isActive };
}

import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  MASTER_DATA_MESSAGES as M,
  type CityCreateBody,
  type CityQuery,
  type CityRow,
  type CityUpdateBody,
} from '@rms/contracts/master-data';
import type { Db } from '../../db/client';
import { cities, states } from '../../db/schema/master-data';
import { pageOf, pageWindow } from '../../db/paging';
import { textSearch } from '../../db/search';
import { fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';

/** Active cities of active states, by state then name; `query` searches city and state names. */
export async function listCities(db: Db, query: CityQuery) {
  const where = and(
    eq(cities.isActive, true),
    eq(states.isActive, true),
    query.state ? eq(cities.stateId, query.state) : undefined,
    query.id ? eq(cities.id, query.id) : undefined,
    textSearch(query.query, [cities.name, states.name]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ city: cities, stateName: states.name })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(where)
      .orderBy(asc(states.name), asc(cities.name))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(cities).innerJoin(states, eq(states.id, cities.stateId)).where(where),
  ]);
  return pageOf(
    query,
    rows.map((r) => toRow(r.city, r.stateName)),
    total?.n ?? 0,
  );
}

export async function createCity(db: Db, body: CityCreateBody): Promise<CityRow> {
  const stateName = await activeStateName(db, body.state);
  await refuseTaken(db, body.name, body.state);
  const [row] = await guardUnique(
    () => db.insert(cities).values({ name: body.name, stateId: body.state }).returning(),
    () => fieldError('name', M.cityTaken),
  );
  if (!row) throw new Error('insert returned no row');
  return toRow(row, stateName);
}

/** Renames a city or moves it to another state, or soft-deletes it with `is_active: false`. */
export async function updateCity(db: Db, body: CityUpdateBody): Promise<{ row: CityRow; detail: string }> {
  const [current] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.id, body.id), eq(cities.isActive, true)));
  if (!current) throw notFound('City not found');
  if (body.is_active === false) {
    const [row] = await db.update(cities).set({ isActive: false }).where(eq(cities.id, body.id)).returning();
    return { row: toRow(row ?? current, await stateNameOf(db, current.stateId)), detail: M.cityDeleted };
  }
  const stateId = body.state ?? current.stateId;
  const name = body.name ?? current.name;
  const stateName = await activeStateName(db, stateId);
  await refuseTaken(db, name, stateId, current.id);
  const [row] = await guardUnique(
    () => db.update(cities).set({ name, stateId }).where(eq(cities.id, body.id)).returning(),
    () => fieldError('name', M.cityTaken),
  );
  return { row: toRow(row ?? current, stateName), detail: M.cityUpdated };
}

async function activeStateName(db: Db, stateId: number): Promise<string> {
  const [state] = await db
    .select({ name: states.name })
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.isActive, true)));
  if (!state) throw fieldError('state', M.stateUnknown);
  return state.name;
}

async function stateNameOf(db: Db, stateId: number): Promise<string> {
  const [state] = await db.select({ name: states.name }).from(states).where(eq(states.id, stateId));
  return state?.name ?? '';
}

async function refuseTaken(db: Db, name: string, stateId: number, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [
    sql`lower(${cities.name}) = lower(${name})`,
    eq(cities.stateId, stateId),
    eq(cities.isActive, true),
  ];
  if (exceptId !== undefined) conditions.push(ne(cities.id, exceptId));
  const [taken] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(...conditions));
  if (taken) throw fieldError('name', M.cityTaken);
}

function toRow(row: typeof cities.$inferSelect, stateName: string): CityRow {
  return {
    id: row.id,
    name: row.name,
    state: row.stateId,
    state_data: { id: row.stateId, name: stateName },
    is_active: row.isActive,
  };
}

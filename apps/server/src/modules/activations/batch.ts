import { and, eq, getTableName, ne, Param, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ACTIVATION_MESSAGES as M,
  type ActivationField,
  type ActivationFields,
} from '@rms/contracts/activations';
import type { AuthUser } from '../../auth/access';
import { splitRows, type RowProblem, type ValidateMany } from '../../batch/batch';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { cities, states } from '../../db/schema/master-data';
import { insertUnnest, type UnnestColumn } from '../../db/unnest-insert';

// Activations in batches, for the form (one row) and the sheet (many): the rules in a few queries for
// all rows (the city an active city of the state; each item the organization's own, active, and used
// by no other active activation) and the save (one unnest insert per batch). The partial unique
// indexes settle two saves that pass the rules at once.

type ItemField = ActivationField & ('device' | 'stlt' | 'pole');

/** The items an activation holds: the form field, the table, the column, the "used" message and index. */
export const ITEMS: {
  field: ItemField;
  table: typeof rmsDevices | typeof stlts | typeof poles;
  column: PgColumn;
  taken: string;
  index: string;
}[] = [
  {
    field: 'device',
    table: rmsDevices,
    column: activations.deviceId,
    taken: M.deviceTaken,
    index: 'activations_device_active',
  },
  {
    field: 'stlt',
    table: stlts,
    column: activations.stltId,
    taken: M.stltTaken,
    index: 'activations_stlt_active',
  },
  {
    field: 'pole',
    table: poles,
    column: activations.poleId,
    taken: M.poleTaken,
    index: 'activations_pole_active',
  },
];

/** An active city of an active state: the rule for the form's pair and for the names of a sheet. */
export const liveCity = and(eq(cities.isActive, true), eq(states.isActive, true));

/**
 * Active items of the organization matching `match`, each with whether an active activation (other than
 * `exceptId`) uses it: an item must be the organization's own and free to be activated.
 */
function ownedItems(
  db: Db,
  organizationId: number,
  { table, column }: (typeof ITEMS)[number],
  match: SQL,
  exceptId?: number,
) {
  const user = db
    .select({ one: sql`1` })
    .from(activations)
    .where(
      and(
        eq(column, table.id),
        eq(activations.isActive, true),
        exceptId === undefined ? undefined : ne(activations.id, exceptId),
      ),
    );
  return db
    .select({ id: table.id, code: table.code, taken: sql<boolean>`exists(${user})` })
    .from(table)
    .where(and(match, eq(table.isActive, true), eq(table.organizationId, organizationId)));
}

/** What the rules look at: the place and the items. */
export type ActivationRefs = Pick<ActivationFields, 'state' | 'city' | ItemField>;

/** The organization the activations belong to: the caller's for new ones, an edited one's own else. */
export interface ActivationOwner {
  db: Db;
  auth: Pick<AuthUser, 'organizationId'>;
}

const anyId = (ids: number[]) => new Param([...new Set(ids)]);

/**
 * The activation rules. `exceptId`: the activation being edited or restored (its own items are not
 * "used by another"); `notOwned`: the message for an item that is not the organization's active one.
 */
export function validateActivations<T extends ActivationRefs>(
  options: { exceptId?: number; notOwned?: string } = {},
): ValidateMany<T, T, ActivationOwner> {
  const { exceptId, notOwned = M.notOwned } = options;
  return async ({ db, auth }, rows) => {
    if (!rows.length) return { rows: [], problems: [] };
    // One statement after another: the rules run inside the save's transaction, on one connection,
    // which runs one statement at a time anyway (node-postgres would queue the rest; pg 9 will not).
    const places = await db
      .select({ id: cities.id, stateId: cities.stateId })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(and(sql`${cities.id} = any(${anyId(rows.map((r) => r.data.city))}::integer[])`, liveCity));
    const found: Map<number, { taken: boolean }>[] = [];
    for (const item of ITEMS) {
      const ids = rows.map((r) => r.data[item.field]).filter((id): id is number => id != null);
      const match = sql`${item.table.id} = any(${anyId(ids)}::integer[])`;
      const owned = ids.length ? await ownedItems(db, auth.organizationId, item, match, exceptId) : [];
      found.push(new Map(owned.map((o) => [o.id, o])));
    }
    const stateOf = new Map(places.map((c) => [c.id, c.stateId]));
    const problems: RowProblem[] = [];
    for (const { row, data } of rows) {
      if (stateOf.get(data.city) !== data.state)
        problems.push({ row, field: 'city', message: M.cityOfState });
      ITEMS.forEach((item, i) => {
        const id = data[item.field];
        if (id == null) return;
        const owned = found[i]!.get(id);
        if (!owned) problems.push({ row, field: item.field, message: notOwned });
        else if (owned.taken) problems.push({ row, field: item.field, message: item.taken });
      });
    }
    return splitRows(rows, problems, (r) => r.data);
  };
}

/** Inserts every row for the saver's organization; answers the new ids. */
export function saveActivations(
  { db, auth }: { db: Db; auth: Pick<AuthUser, 'id' | 'organizationId'> },
  rows: ActivationFields[],
): Promise<number[]> {
  const a = activations;
  const column = (
    { name }: PgColumn,
    type: UnnestColumn['type'],
    value: (r: ActivationFields) => unknown,
  ): UnnestColumn => ({ name, type, values: rows.map((r) => value(r) ?? null) });
  return insertUnnest(
    db,
    getTableName(a),
    [
      column(a.name, 'text', (r) => r.name),
      column(a.deviceId, 'integer', (r) => r.device),
      column(a.stltId, 'integer', (r) => r.stlt),
      column(a.poleId, 'integer', (r) => r.pole),
      column(a.address1, 'text', (r) => r.address1),
      column(a.address2, 'text', (r) => r.address2),
      column(a.stateId, 'integer', (r) => r.state),
      column(a.cityId, 'integer', (r) => r.city),
      column(a.pin, 'text', (r) => r.pin),
      column(a.panelId, 'text', (r) => r.panel_id),
      column(a.batteryId, 'text', (r) => r.battery_id),
      column(a.latitude, 'double precision', (r) => r.latitude),
      column(a.longitude, 'double precision', (r) => r.longitude),
    ],
    { organization_id: auth.organizationId, created_by: auth.id },
  );
}

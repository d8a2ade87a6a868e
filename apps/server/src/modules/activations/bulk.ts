import { and, eq, Param, sql } from 'drizzle-orm';
import { ACTIVATION_MESSAGES as M, type ActivationFields } from '@rms/contracts/activations';
import { BULK_AREAS, type ActivationRowInput } from '@rms/contracts/bulk-upload';
import type { InventoryKind } from '@rms/contracts/inventory';
import { MESSAGES } from '@rms/contracts/messages';
import { type BatchContext, type BatchRow, type RowProblem } from '../../batch/batch';
import { bulkSaver } from '../../batch/bulk-saver';
import { cities, states } from '../../db/schema/master-data';
import { heldItemsByCode } from '../inventory';
import { liveCity, saveActivations, validateActivations } from './batch';

// Device activations from a sheet: the RMS, STLT and pole named by their ID texts, the state and city by
// their names, looked up in a few queries for all rows (only the organization's active items are
// found); then the form's rules and save (batch.ts).

const lower = (values: string[]) => [...new Set(values.map((v) => v.toLowerCase()))];

/** The organization's active items named in the rows, by field and lower-cased code: their ids. */
async function itemIds({ db, auth }: BatchContext, rows: BatchRow<ActivationRowInput>[]) {
  // One statement after another: a sheet is read inside its save's transaction, on one connection.
  const held = (field: 'device' | 'stlt' | 'pole', kind: InventoryKind) =>
    heldItemsByCode(
      db,
      auth.organizationId,
      kind,
      rows.map((r) => r.data[field]).filter((v): v is string => v !== undefined),
    );
  return {
    device: await held('device', 'rms'),
    stlt: await held('stlt', 'stlt'),
    pole: await held('pole', 'pole'),
  };
}

/** Active states by lower-cased name, and their active cities by `stateId|lower-cased name`. */
async function placeIds({ db }: BatchContext, rows: BatchRow<ActivationRowInput>[]) {
  const stateRows = await db
    .select({ id: states.id, name: states.name })
    .from(states)
    .where(
      and(
        eq(states.isActive, true),
        sql`lower(${states.name}) = any(${new Param(lower(rows.map((r) => r.data.state)))}::text[])`,
      ),
    );
  const cityRows = stateRows.length
    ? await db
        .select({ id: cities.id, stateId: cities.stateId, name: cities.name })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(
          and(
            liveCity,
            sql`${cities.stateId} = any(${new Param(stateRows.map((s) => s.id))}::integer[])`,
            sql`lower(${cities.name}) = any(${new Param(lower(rows.map((r) => r.data.city)))}::text[])`,
          ),
        )
    : [];
  return {
    states: new Map(stateRows.map((s) => [s.name.toLowerCase(), s.id])),
    cities: new Map(cityRows.map((c) => [`${c.stateId}|${c.name.toLowerCase()}`, c.id])),
  };
}

/**
 * A sheet's rows as the form sends them: ids for the names. An item or state matching nothing the
 * organization may use is `missing`; a city not among the state's is the form's city rule.
 */
async function resolveNames(context: BatchContext, rows: BatchRow<ActivationRowInput>[]) {
  if (!rows.length) return { rows: [], problems: [] };
  const items = await itemIds(context, rows);
  const places = await placeIds(context, rows);
  const problems: RowProblem[] = [];
  const resolved: BatchRow<ActivationFields>[] = [];
  for (const { row, data } of rows) {
    const { device: _device, stlt: _stlt, pole: _pole, state, city, ...fields } = data;
    const before = problems.length;
    const missing = (field: string) =>
      problems.push({ row, field, message: MESSAGES.notFound, missing: true });
    const idOf = (field: 'device' | 'stlt' | 'pole') => {
      const code = data[field];
      const id = code === undefined ? undefined : items[field].get(code.toLowerCase());
      if (code !== undefined && id === undefined) missing(field);
      return id;
    };
    const ids = { device: idOf('device'), stlt: idOf('stlt'), pole: idOf('pole') };
    const stateId = places.states.get(state.toLowerCase());
    const cityId = stateId === undefined ? undefined : places.cities.get(`${stateId}|${city.toLowerCase()}`);
    if (stateId === undefined) missing('state');
    else if (cityId === undefined) problems.push({ row, field: 'city', message: M.cityOfState });
    if (problems.length === before && stateId !== undefined && cityId !== undefined)
      resolved.push({ row, data: { ...fields, ...ids, state: stateId, city: cityId } });
  }
  return { rows: resolved, problems };
}

export const activationBulk = bulkSaver({
  area: BULK_AREAS.activation,
  resolve: resolveNames,
  validate: validateActivations<ActivationFields>(),
  save: async (context, rows) => ({ created: (await saveActivations(context, rows)).length }),
});

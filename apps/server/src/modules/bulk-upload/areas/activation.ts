import { and, eq, getTableName, inArray, Param, sql } from 'drizzle-orm';
import { ACTIVATION_MESSAGES as M } from '@rms/contracts/activations';
import { BULK_AREAS, BULK_MESSAGES as B, type BulkRowError } from '@rms/contracts/bulk-upload';
import { activations } from '../../../db/schema/activations';
import { cities, states } from '../../../db/schema/master-data';
import { insertUnnest, type UnnestColumn } from '../../../db/unnest-insert';
import { ACTIVATION_ITEMS, liveCity, ownedItems } from '../../activations/service';
import type { BulkContext, BulkSaver, ParsedRow } from '../engine';

// Device activations from a sheet: the RMS, STLT and pole named by their ID texts, the state and city by
// their names. The rules are the form's (activations/service.ts checkFields): the city an active city
// of the state, each item active, the caller organization's own and used by no active activation. The
// partial unique indexes settle a race with another save (the engine answers it as a conflict).

const area = BULK_AREAS.activation;
const header = (key: string) => area.columns.find((c) => c.key === key)!.header;
const ITEM_FIELDS = ['device', 'stlt', 'pole'] as const;
const lower = (values: string[]) => [...new Set(values.map((v) => v.toLowerCase()))];

/** Each named item of the rows, by field and lower-cased code: its id and whether it is taken. */
async function itemsOf({ db, auth }: BulkContext, rows: ParsedRow[]) {
  const found = await Promise.all(
    ITEM_FIELDS.map((field) => {
      const codes = lower(rows.map((r) => r.data[field]).filter((v): v is string => typeof v === 'string'));
      const { table } = ACTIVATION_ITEMS[field];
      return ownedItems(
        db,
        auth.organizationId,
        field,
        sql`lower(${table.code}) = any(${new Param(codes)}::text[])`,
      );
    }),
  );
  return Object.fromEntries(
    ITEM_FIELDS.map((field, i) => [field, new Map(found[i]!.map((item) => [item.code.toLowerCase(), item]))]),
  ) as unknown as Record<(typeof ITEM_FIELDS)[number], Map<string, { id: number; taken: boolean }>>;
}

/** Active states by lower-cased name, and their active cities by `stateId|lower-cased name`. */
async function placesOf({ db }: BulkContext, rows: ParsedRow[]) {
  const stateRows = await db
    .select({ id: states.id, name: states.name })
    .from(states)
    .where(
      and(
        eq(states.isActive, true),
        sql`lower(${states.name}) = any(${new Param(lower(rows.map((r) => String(r.data.state))))}::text[])`,
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
            inArray(
              cities.stateId,
              stateRows.map((s) => s.id),
            ),
            sql`lower(${cities.name}) = any(${new Param(lower(rows.map((r) => String(r.data.city))))}::text[])`,
          ),
        )
    : [];
  return {
    states: new Map(stateRows.map((s) => [s.name.toLowerCase(), s.id])),
    cities: new Map(cityRows.map((c) => [`${c.stateId}|${c.name.toLowerCase()}`, c.id])),
  };
}

export const activationBulk: BulkSaver = {
  area,
  async conflicts(context, rows) {
    if (!rows.length) return [];
    const [items, places] = await Promise.all([itemsOf(context, rows), placesOf(context, rows)]);
    const errors: BulkRowError[] = [];
    for (const r of rows) {
      const refuse = (error: string) => errors.push({ row: r.row, error });
      for (const field of ITEM_FIELDS) {
        const code = r.data[field];
        if (typeof code !== 'string') continue;
        const item = items[field].get(code.toLowerCase());
        if (!item) refuse(B.notFound(header(field), code));
        else if (item.taken) refuse(B.about(header(field), code, ACTIVATION_ITEMS[field].taken));
        else r.data[`${field}_id`] = item.id;
      }
      const stateName = String(r.data.state);
      const cityName = String(r.data.city);
      const state = places.states.get(stateName.toLowerCase());
      if (state === undefined) {
        refuse(B.notFound(header('state'), stateName));
        continue;
      }
      const city = places.cities.get(`${state}|${cityName.toLowerCase()}`);
      if (city === undefined) refuse(B.about(header('city'), cityName, M.cityOfState));
      r.data.state_id = state;
      r.data.city_id = city;
    }
    return errors;
  },
  async save({ db, auth }, rows) {
    const column = (name: string, type: UnnestColumn['type'], key: string): UnnestColumn => ({
      name,
      type,
      values: rows.map((r) => r.data[key] ?? null),
    });
    const a = activations;
    const created = await insertUnnest(
      db,
      getTableName(a),
      [
        column(a.name.name, 'text', 'name'),
        column(a.deviceId.name, 'integer', 'device_id'),
        column(a.stltId.name, 'integer', 'stlt_id'),
        column(a.poleId.name, 'integer', 'pole_id'),
        column(a.address1.name, 'text', 'address1'),
        column(a.address2.name, 'text', 'address2'),
        column(a.stateId.name, 'integer', 'state_id'),
        column(a.cityId.name, 'integer', 'city_id'),
        column(a.pin.name, 'text', 'pin'),
        column(a.panelId.name, 'text', 'panel_id'),
        column(a.batteryId.name, 'text', 'battery_id'),
        column(a.latitude.name, 'double precision', 'latitude'),
        column(a.longitude.name, 'double precision', 'longitude'),
      ],
      { organization_id: auth.organizationId, created_by: auth.id },
    );
    return { created };
  },
};

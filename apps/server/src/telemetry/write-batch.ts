import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { publishTelemetryEvents } from '../modules/notifications';
import { clearRepairedAlarms } from '../modules/work-orders';
import type { AlarmRuleBook } from './alarm-rule-book';
import { applySampleAlarms } from './alarms';
import { updateHarvest } from './harvest';
import { liveSampleOf, type SampleRow } from './sample-row';
import { packableBefore, unpacked, utcDay } from './storage/stored-samples';
import { epochMsOf, instantOfEpochMs } from '../db/epoch-ms';
import { floats } from '../db/sql-arrays';

// One ingest batch, in one transaction: store the samples (a (device, ts) already stored, as a row or
// in a packed day, is skipped), then derive live state, daily harvest and alarms from the rows that
// were new; the webhooks' events of what changed (alarms, devices back from Offline) are written in
// the same transaction, in one statement, and only when something changed.

export interface BatchResult {
  /** Samples that were new (the rest were redeliveries). */
  stored: number;
  /** Devices that reported (their live state moved), and alarms raised or resolved, by id. */
  devices: number[];
  alarms: number[];
}

export async function writeBatch(
  db: Db,
  rows: readonly SampleRow[],
  dayOf: (epochMs: number) => string,
  now = new Date(),
  rules?: AlarmRuleBook,
): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    const inserted = await insertSamples(tx, rows, now);
    const newest = newestPerDevice(rows);
    const { current, cameOnline } = await upsertLiveState(tx, newest, now);
    await updateHarvest(tx, inserted, dayOf);
    const devices = [...new Set(rows.map((r) => r.deviceId))];
    const alarms = await applySampleAlarms(
      tx,
      newest.filter((s) => current.get(s.deviceId) === s.ts),
      devices,
      rules,
    );
    // A done work order's alarms clear with their device's first healthy report.
    alarms.push(...(await clearRepairedAlarms(tx, devices)));
    await publishTelemetryEvents(tx, { alarms, online: cameOnline });
    return { stored: inserted.length, devices, alarms };
  });
}

/**
 * A column of numbers as one PostgreSQL array literal (db/sql-arrays.ts): it skips the driver's
 * per-element escaping, a tenth of ingest's CPU time in profiles. Times go as epoch milliseconds and
 * become timestamptz in the statement (db/epoch-ms.ts), not as ISO text formatted here and parsed there.
 */
const arrayLiteral = (values: readonly number[]) => sql.param(floats(values));

async function insertSamples(db: Db, rows: readonly SampleRow[], now: Date): Promise<readonly SampleRow[]> {
  const col = (pick: (r: SampleRow) => number) => arrayLiteral(rows.map(pick));
  // A sample of a day already packed (storage/packing.ts) is new only if its packed day lacks it; the
  // day under way is never packed, so its samples skip the look. The packed days the batch reaches are
  // unpacked once for the statement (materialized), not once per sample: a backlog of a packed day is
  // a whole message of samples of the same day.
  const packedBefore = sql`${new Date(packableBefore(now.getTime())).toISOString()}::timestamptz`;
  const result = await rowsOf<{ device_id: number; ms: number | string }>(
    db,
    sql`
    with k as (select device_id, ${instantOfEpochMs(sql`ms`)} as ts, gsm_sig, bt_v,
      bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i, brightness, lo_sts, mppt, energy_wh, temp
    from unnest(
      ${col((r) => r.deviceId)}::int[], ${col((r) => r.ts)}::int8[],
      ${col((r) => r.gsmSig)}::smallint[], ${col((r) => r.btV)}::real[], ${col((r) => r.btChI)}::real[],
      ${col((r) => r.btDisI)}::real[], ${col((r) => r.soc)}::real[], ${col((r) => r.pvV)}::real[],
      ${col((r) => r.pvI)}::real[], ${col((r) => r.loV)}::real[], ${col((r) => r.loI)}::real[],
      ${col((r) => r.brightness)}::smallint[], ${col((r) => r.loSts)}::smallint[], ${col((r) => r.mppt)}::real[],
      ${col((r) => r.energyWh)}::float8[], ${col((r) => r.temp)}::real[])
      as u(device_id, ms, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i, brightness, lo_sts,
           mppt, energy_wh, temp)),
    packed as materialized (
      select x.device_id, x.ts from (${unpacked(
        sql`(p.day, p.device_id) in (select ${utcDay(sql`ts`)}, device_id from k where ts < ${packedBefore})`,
      )}) x)
    insert into telemetry_samples
      (device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i,
       brightness, lo_sts, mppt, energy_wh, temp)
    select k.* from k
    where k.ts >= ${packedBefore} or not exists (
      select 1 from packed x where x.device_id = k.device_id and x.ts = k.ts)
    on conflict do nothing
    returning device_id, ${epochMsOf(sql`ts`)} as ms`,
  );
  // Each returned row is one input row stored: as many as were sent means all of them (the usual case,
  // no redelivery), without matching every row back by its key.
  if (result.length === rows.length) return rows;
  const byKey = new Map(rows.map((r) => [`${r.deviceId}|${r.ts}`, r]));
  const inserted: SampleRow[] = [];
  for (const { device_id, ms } of result) {
    const row = byKey.get(`${device_id}|${Number(ms)}`);
    if (row) inserted.push(row);
  }
  return inserted;
}

function newestPerDevice(rows: readonly SampleRow[]): SampleRow[] {
  const newest = new Map<number, SampleRow>();
  for (const r of rows) {
    const seen = newest.get(r.deviceId);
    if (!seen || r.ts >= seen.ts) newest.set(r.deviceId, r);
  }
  return [...newest.values()];
}

/**
 * Keeps each device's newest sample; every delivery marks it seen (and so back online). Returns each
 * device's stored newest time, to tell whether the batch's sample is the current one, and the devices
 * that were Offline before it (read in the same statement: `prev` sees the rows as they were).
 */
async function upsertLiveState(
  db: Db,
  newest: SampleRow[],
  now: Date,
): Promise<{ current: Map<number, number>; cameOnline: number[] }> {
  if (newest.length === 0) return { current: new Map(), cameOnline: [] };
  const ids = arrayLiteral(newest.map((r) => r.deviceId));
  const result = await rowsOf<{ device_id: number; last_ts: string; came_online: boolean }>(
    db,
    sql`
    with prev as (select device_id, status from device_live_state where device_id = any(${ids}::int[])),
    up as (
    insert into device_live_state as s (device_id, last_ts, last_seen_at, status, sample, telecom, faults)
    select k.device_id, ${instantOfEpochMs(sql`k.ms`)},
      ${now.toISOString()}::timestamptz, 'Online', k.sample, k.telecom, k.faults
    from unnest(
      ${ids}::int[],
      ${arrayLiteral(newest.map((r) => r.ts))}::int8[],
      ${sql.param(newest.map((r) => JSON.stringify(liveSampleOf(r))))}::jsonb[],
      ${sql.param(newest.map((r) => r.telecom))}::text[],
      ${sql.param(newest.map((r) => (r.faults ? JSON.stringify(r.faults) : null)))}::jsonb[]
    ) as k(device_id, ms, sample, telecom, faults)
    on conflict (device_id) do update set
      last_seen_at = excluded.last_seen_at,
      status = case when s.status = 'Offline' then 'Online' else s.status end,
      last_ts = greatest(s.last_ts, excluded.last_ts),
      sample = case when excluded.last_ts >= s.last_ts then excluded.sample else s.sample end,
      telecom = case when excluded.last_ts >= s.last_ts then coalesce(excluded.telecom, s.telecom) else s.telecom end,
      faults = case when excluded.last_ts >= s.last_ts and excluded.faults is not null
        then excluded.faults else s.faults end
    returning device_id, last_ts)
    select up.device_id, up.last_ts, coalesce(prev.status = 'Offline', false) as came_online
    from up left join prev using (device_id)`,
  );
  return {
    current: new Map(result.map((r) => [r.device_id, Date.parse(r.last_ts)])),
    cameOnline: result.filter((r) => r.came_online).map((r) => r.device_id),
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateHarvest } from '../harvest';
import type { SampleRow } from '../sample-row';
import { HOUR_MONTHS, ensurePartitions } from './partitions';
import { rollUpDay, upsertHours } from './rollups';

// History older than samples are kept (the demo fleet's first months): written as what the storage
// would have kept of it, the daily harvest and the hourly and daily rollups, never as samples. The
// rows must hold every sample of their devices' local days, each device's in time order.

export async function storeHistory(
  db: Db,
  rows: readonly SampleRow[],
  dayOf: (epochMs: number) => string,
  timeZone: string,
): Promise<void> {
  if (rows.length === 0) return;
  const times = rows.map((r) => r.ts);
  await ensurePartitions(db, HOUR_MONTHS, new Date(Math.min(...times)), new Date(Math.max(...times)));
  const col = <T>(pick: (r: SampleRow) => T) => sql.param(rows.map(pick));
  await db.transaction(async (tx) => {
    await updateHarvest(tx, rows, dayOf);
    await upsertHours(
      tx,
      timeZone,
      sql`unnest(
        ${col((r) => r.deviceId)}::int[], ${col((r) => new Date(r.ts).toISOString())}::timestamptz[],
        ${col((r) => r.gsmSig)}::smallint[], ${col((r) => r.btV)}::real[], ${col((r) => r.btChI)}::real[],
        ${col((r) => r.loI)}::real[], ${col((r) => r.pvV)}::real[], ${col((r) => r.pvI)}::real[],
        ${col((r) => r.mppt)}::real[], ${col((r) => r.soc)}::real[], ${col((r) => r.loV)}::real[],
        ${col((r) => r.loSts)}::smallint[]
      ) as s(device_id, ts, gsm_sig, bt_v, bt_ch_i, lo_i, pv_v, pv_i, mppt, soc, lo_v, lo_sts)`,
    );
    const byDay = new Map<string, Set<number>>();
    for (const r of rows) {
      const day = dayOf(r.ts);
      const devices = byDay.get(day) ?? new Set<number>();
      byDay.set(day, devices.add(r.deviceId));
    }
    for (const [day, devices] of byDay) await rollUpDay(tx, timeZone, day, [...devices]);
  });
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SampleRow } from '../../telemetry/sample-row';

// Telemetry as the ingest holds it (a SampleRow) and history loaded in bulk. Samples a device sends
// (JSON) are `sample()` in ../devices.ts; both have the same plausible readings.

/** A sample row of the device at `ts` (epoch ms); readings may be overridden. */
export function sampleRow(deviceId: number, ts: number, over: Partial<SampleRow> = {}): SampleRow {
  return {
    deviceId,
    ts,
    gsmSig: 70,
    btV: 12.8,
    btChI: 2.5,
    btDisI: 0,
    soc: 80,
    pvV: 18.2,
    pvI: 2.7,
    loV: 0,
    loI: 0,
    brightness: 0,
    loSts: 0,
    mppt: 96.5,
    energyWh: 1000,
    temp: 31,
    telecom: 'Airtel',
    faults: null,
    ...over,
  };
}

interface FlatHistory {
  deviceIds: number[];
  /** First and last sample time (epoch ms), every 5 minutes between. */
  from: number;
  to: number;
  /** Samples beside the flat ones (a spike), same readings unless overridden. */
  extra?: { deviceId: number; ts: number; pvI: number }[];
  timeZone: string;
}

/**
 * Months of 5-minute samples written straight to the table (the ingest would take minutes), with flat
 * readings (solar 18.2 V × 2 A), and each local day's row as the ingest keeps it (first and last sample,
 * count) so that reports count them.
 */
export async function loadFlatHistory(db: Db, history: FlatHistory): Promise<void> {
  const ids = sql.param(history.deviceIds);
  const iso = (ms: number) => new Date(ms).toISOString();
  await db.execute(sql`
    insert into telemetry_samples (device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v,
      lo_i, brightness, lo_sts, mppt, energy_wh, temp)
    select id, g, 60, 12.5, 1, 0, 70, 18.2, 2, 12, 0.5, 50, 1, 90, 0, 30
    from unnest(${ids}::int[]) id
    cross join generate_series(${iso(history.from)}::timestamptz, ${iso(history.to)}::timestamptz,
                               interval '5 minutes') g`);
  for (const extra of history.extra ?? [])
    await db.execute(sql`
      insert into telemetry_samples (device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v,
        lo_i, brightness, lo_sts, mppt, energy_wh, temp)
      values (${extra.deviceId}, ${iso(extra.ts)}::timestamptz, 60, 12.5, 1, 0, 70, 18.2, ${extra.pvI}, 12, 0.5,
              50, 1, 90, 0, 30)`);
  await db.execute(sql`
    insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
    select device_id, (ts at time zone ${history.timeZone})::date, 0, min(ts), max(ts), 0, count(*)
    from telemetry_samples where device_id = any(${ids}::int[]) group by 1, 2`);
}

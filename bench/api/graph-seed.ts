import { sql } from 'drizzle-orm';
import { addDays, today } from '../../apps/server/src/calendar';
import type { Db } from '../../apps/server/src/db/client';
import { makeOrganization } from '../../apps/server/src/testing/factories';
import { maintainTelemetryStorage } from '../../apps/server/src/telemetry/storage/maintenance';
import {
  HOUR_MONTHS,
  SAMPLE_DAYS,
  ensurePartitions,
} from '../../apps/server/src/telemetry/storage/partitions';
import { rollUpDay, upsertHours } from '../../apps/server/src/telemetry/storage/rollups';
import { DEFAULT_STORAGE } from '../../apps/server/src/telemetry/storage/settings';

// A year of one fleet laid out as the storage would have left it, small enough to seed in minutes: the
// last `days` days as 5-minute samples written as rows, then one maintenance pass (rolled up, closed
// UTC days packed, as every 5 minutes in production); the days before as hourly and daily rollups only,
// written a local day at a time for the whole fleet (as the maintenance writes them), from a sample an
// hour (a rollup row is as wide whatever its sample count).

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A sample's columns from its device `d.id`, time `g.ts` and step `g.k`: a solar day in the zone. */
function sampleColumns(timeZone: string) {
  const hour = sql`(extract(hour from g.ts at time zone ${timeZone}) + extract(minute from g.ts at time zone ${timeZone}) / 60)`;
  const sun = sql`greatest(0, sin(pi() * (${hour} - 6) / 12))`;
  const night = sql`(case when ${hour} >= 18 or ${hour} < 6 then 1 else 0 end)`;
  const wobble = sql`(((d.id * 7 + g.k) % 13) / 100.0)`;
  return sql`d.id as device_id, g.ts, (60 + (d.id * 7 + g.k) % 35)::smallint as gsm_sig,
    (12.4 + ${sun} * 1.1 - ${night} * 0.3 + ${wobble})::real as bt_v, (${sun} * 4.2 + ${wobble})::real as bt_ch_i,
    (${night} * 1.5)::real as bt_dis_i, (45 + ${sun} * 45)::real as soc, (17 + ${sun} * 3 + ${wobble})::real as pv_v,
    (${sun} * 4.6)::real as pv_i, (${night} * 12.2)::real as lo_v, (${night} * 1.5 + ${wobble})::real as lo_i,
    (${night} * 100)::smallint as brightness, ${night}::smallint as lo_sts,
    (case when ${sun} > 0 then 94 + (d.id + g.k) % 5 else 0 end)::real as mppt,
    (g.k * 5 / 60.0 * 7.5)::real as energy_wh, (27 + ${sun} * 9)::real as temp`;
}

const dayStartSql = (day: string, timeZone: string) =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`;

export async function seedGraphFleet(
  db: Db,
  {
    devices,
    days,
    yearDays,
    timeZone,
  }: { devices: number; days: number; yearDays: number; timeZone: string },
): Promise<void> {
  const org = await makeOrganization(db, { companyName: 'Graph Pages Fleet' });
  await db.execute(sql`
    insert into rms_devices (device_id, model, manufacture, inventory_date, expiry_date, organization_id)
    select 'RMS-G' || lpad(n::text, 6, '0'), 'RMS-12', 'Bench', '2025-01-01', '2030-01-01', ${org.id}
    from generate_series(1, ${devices}::int) n`);
  const d0 = today(timeZone);
  const firstRecent = addDays(d0, 1 - days);
  const firstOld = addDays(d0, 1 - yearDays);
  const now = new Date();
  await ensurePartitions(db, HOUR_MONTHS, new Date(`${firstOld}T00:00:00Z`), now);
  const columns = sampleColumns(timeZone);
  let started = Date.now();
  for (let day = firstOld; day < firstRecent; day = addDays(day, 1)) {
    const source = sql`(select ${columns} from rms_devices d cross join lateral (
        select ts, row_number() over (order by ts)::int as k
        from generate_series(${dayStartSql(day, timeZone)}, ${dayStartSql(addDays(day, 1), timeZone)} - interval '1 second', interval '1 hour') ts
      ) g where d.organization_id = ${org.id}) s`;
    await upsertHours(db, timeZone, source);
    await rollUpDay(db, timeZone, day);
  }
  await db.execute(
    sql`update telemetry_rollup_state set rolled_to = ${dayStartSql(firstRecent, timeZone)} where id = 1`,
  );
  log(`  rollups of ${yearDays - days} days: ${((Date.now() - started) / 1000).toFixed(0)} s`);

  started = Date.now();
  await ensurePartitions(db, SAMPLE_DAYS, new Date(`${addDays(firstRecent, -1)}T00:00:00Z`), now);
  await db.execute(sql`
    insert into telemetry_samples (device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v,
                                   lo_i, brightness, lo_sts, mppt, energy_wh, temp)
    select ${columns}
    from (select ts, k from generate_series(${dayStartSql(firstRecent, timeZone)}, ${now.toISOString()}::timestamptz - interval '5 minutes', interval '5 minutes')
          with ordinality as t(ts, k)) g
    cross join (select id from rms_devices where organization_id = ${org.id}) d
    order by g.ts, d.id`);
  await db.execute(sql`
    insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
    select s.device_id, (s.ts at time zone ${timeZone})::date, 50, min(s.ts), max(s.ts), 0, count(*)
    from telemetry_samples s group by 1, 2`);
  log(`  samples of ${days} days: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  started = Date.now();
  const done = await maintainTelemetryStorage(db, now, timeZone, DEFAULT_STORAGE);
  log(
    `  maintenance (rollups, packing ${done.packed.length} days): ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.execute(sql`vacuum analyze`);
}

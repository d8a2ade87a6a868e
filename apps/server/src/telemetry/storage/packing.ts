import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { PACKED_LEVELS, PACKED_READINGS } from '../../db/schema/telemetry';
import { PACKED_DAYS, SAMPLE_DAYS, ensurePartitions, partitionsOf } from './partitions';
import { dayResolver } from '../day-of';
import { rollupState } from './rollups';
import { SAMPLE_COLUMNS, packableBefore, unpacked, utcHour } from './stored-samples';

// Closed days' samples, packed (db/schema/telemetry.ts, telemetry_sample_hours). A row of
// telemetry_samples spends about 60 bytes on its tuple header and index entries besides its 66 bytes
// of values; packed, one device's hour of samples is one row, and a sample costs about its values.
// The ingest writes rows; once a UTC day has ended and is rolled up, the maintenance packs its
// partition and empties it. A sample that comes later for a packed day is written as a row again (the
// ingest checks the packed hours so that it is still stored once), and packed with the rest at the
// next pass. Readers see both through `storedSamples` (stored-samples.ts).

/** See partitions.ts: a lock the maintenance cannot get soon is left for the next pass. */
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '5s'`);

/**
 * Packs the rows of every UTC day that has ended before the local day under way and is rolled up (with
 * what was packed of the same hours before), then empties the day's partition. Answers the partitions
 * packed.
 */
export async function packClosedDays(db: Db, now: Date, timeZone: string): Promise<string[]> {
  const { rolledTo } = await rollupState(db);
  if (!rolledTo) return [];
  const before = Math.min(rolledTo.getTime(), packableBefore(now.getTime(), dayResolver(timeZone)));
  const packed: string[] = [];
  for (const day of await partitionsOf(db, SAMPLE_DAYS)) {
    if (day.to.getTime() > before) break;
    const partition = sql.identifier(day.name);
    const [waiting] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${partition}) as any`,
    );
    if (!waiting?.any) continue;
    await ensurePartitions(db, PACKED_DAYS, day.from, day.from);
    await db.transaction(async (tx) => {
      await tx.execute(LOCK_TIMEOUT);
      // New samples for the day wait (a rare late one); reads go on until the partition is emptied.
      await tx.execute(sql`lock table ${partition} in share row exclusive mode`);
      await tx.execute(sql`
        with waiting as (select * from ${partition}),
        keys as (select distinct ${utcHour(sql`ts`)} as hour, device_id from waiting),
        every as (
          select ${sql.raw(SAMPLE_COLUMNS.join(', '))} from waiting
          union all
          ${unpacked(sql`(p.hour, p.device_id) in (select hour, device_id from keys)`)}
        )
        insert into telemetry_sample_hours (hour, device_id, samples, energy_wh, offsets, readings, levels)
        select ${utcHour(sql`ts`)}, device_id, count(*)::int,
          array_agg(energy_wh order by ts),
          array_agg((extract(epoch from ts - ${utcHour(sql`ts`)}) * 1000)::int order by ts),
          array_agg(array[${sql.raw(PACKED_READINGS.join(', '))}] order by ts),
          array_agg(array[${sql.raw(PACKED_LEVELS.join(', '))}] order by ts)
        from every
        group by 1, 2
        on conflict (hour, device_id) do update set samples = excluded.samples,
          energy_wh = excluded.energy_wh, offsets = excluded.offsets, readings = excluded.readings,
          levels = excluded.levels`);
      await tx.execute(sql`truncate ${partition}`);
    });
    packed.push(day.name);
  }
  return packed;
}

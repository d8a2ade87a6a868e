import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { PACKED_DAYS, SAMPLE_DAYS, ensurePartitions, partitionsOf } from './partitions';
import { dayResolver } from '../day-of';
import { rollupState } from './rollups';
import { PACKED_ARRAYS, SAMPLE_COLUMNS, packableBefore, unpacked } from './stored-samples';

// Closed days' samples, packed (db/schema/telemetry.ts, telemetry_sample_days). A row of
// telemetry_samples spends about 80 bytes on its tuple header and index entries besides its 58 bytes
// of values; packed, one device's UTC day of samples is one row, and a sample costs about its values,
// less where PostgreSQL compresses them. A day rather than an hour: an hour of samples taken every 5
// minutes (12) is too small a row to share its header, its index entries and its arrays' headers, or
// to be compressed; a day of them (288) is not, and the sparse days (a sample an hour) become 24 to a
// row instead of one. The ingest writes rows; once a UTC day has ended and is rolled up, the
// maintenance packs its partition and empties it. A sample that comes later for a packed day is
// written as a row again (the ingest checks the packed day so that it is still stored once), and
// packed with the rest of its day at the next pass. Readers see both through `storedSamples`
// (stored-samples.ts).

/** See partitions.ts: a lock the maintenance cannot get soon is left for the next pass. */
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '5s'`);

/**
 * Packs the rows of every UTC day that has ended before the local day under way and is rolled up (with
 * what was packed of the same days before), then empties the day's partition. Answers the partitions
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
      const from = sql`${day.from.toISOString()}::timestamptz`;
      const arrays = PACKED_ARRAYS.map((c) => sql.raw(`array_agg(${c} order by ts)`));
      const names = sql.raw(PACKED_ARRAYS.join(', '));
      const updates = sql.raw(
        ['samples', 'offsets', ...PACKED_ARRAYS].map((c) => `${c} = excluded.${c}`).join(', '),
      );
      // The day's rows with what was packed of it before (a late sample's day), each device's samples
      // in time order, a sample's offset counted from the one before it.
      await tx.execute(sql`
        with waiting as (select * from ${partition}),
        every as (
          select ${sql.raw(SAMPLE_COLUMNS.join(', '))} from waiting
          union all
          select ${sql.raw(SAMPLE_COLUMNS.join(', '))} from (${unpacked(
            sql`p.day = ${from} and p.device_id in (select device_id from waiting)`,
          )}) x
        ),
        timed as (select *, (extract(epoch from ts - ${from}) * 1000)::int as ms from every),
        stepped as (
          select *, ms - coalesce(lag(ms) over (partition by device_id order by ts), 0) as delta from timed
        )
        insert into telemetry_sample_days (day, device_id, samples, offsets, ${names})
        select ${from}, device_id, count(*)::int, array_agg(delta order by ts), ${sql.join(arrays, sql`, `)}
        from stepped
        group by device_id
        on conflict (day, device_id) do update set ${updates}`);
      await tx.execute(sql`truncate ${partition}`);
    });
    packed.push(day.name);
  }
  return packed;
}

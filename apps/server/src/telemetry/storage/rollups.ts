import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { layOutDay } from './clustering';
import { storedSamples } from './stored-samples';
import { HOUR_MONTHS, ensurePartitions } from './partitions';
import { samplesKeptSince, type TelemetryStorageSettings } from './settings';
import {
  aggregatesOfHours,
  aggregatesOfSamples,
  hourStart,
  summaryColumnList,
  summaryUpdates,
  summaryValues,
} from './summaries';
import { epochMsOf } from '../../db/epoch-ms';

// Hourly and daily rollups (db/schema/telemetry.ts), filled for closed hours and days by the periodic
// maintenance. `telemetry_rollup_state.rolled_to` says how far: every local hour before it is rolled up,
// and every local day that ended by then has its daily row. A pass rolls up what closed since, a day at
// a time (so a long downtime is caught up in steps), and the same hours again give the same rows.
//
// Late samples: the ingest counts each device's stored samples per local day (daily_harvest.samples, in
// the samples' own transaction). A daily row keeps the count it was made from (harvest_samples); when
// the ingest's count moves past it, a sample came for a day already rolled up, and that device's day is
// rolled up again from its samples. For the day under way the hours already rolled up are checked the
// same way against the samples still to roll up. Each pass reads one snapshot (repeatable read), so a
// sample committed meanwhile is either in both the rollup and the count or in neither.

/** An hour is rolled up this long after it ends: samples a few seconds late are not late. */
export const ROLLUP_GRACE_MS = 10 * 60_000;
/** Maintenance passes in different instances take turns (pg_try_advisory_xact_lock). */
const ROLLUP_LOCK = 1_414_300_020;

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const dateOf = (ms: number | string | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms));
const dayStartOf = (day: SQL, timeZone: string) => sql`((${day})::timestamp at time zone ${timeZone})`;

// The lamp's share of a rollup, for the energy report (docs/energy-reports.md): an hour's mean lamp power
// and the share of its samples with the lamp on; a day's lamp energy and burning hours add its hours up,
// each hour counted whole (a device reports all through its hours; an hour it fell silent in counts its
// samples' mean, which is the best the readings tell).
const LAMP_OF_SAMPLES = sql`avg(s.lo_v::float8 * s.lo_i)::real as load_power_mean,
  avg((s.lo_sts = 1)::int)::real as lit_share`;
const LAMP_OF_HOURS = sql`sum(h.load_power_mean)::real as lamp_wh, sum(h.lit_share)::real as lit_hours`;

export interface RollupState {
  rolledTo: Date | null;
}

export async function rollupState(db: Db): Promise<RollupState> {
  const [row] = await rowsOf<{ rolled_to: number | null }>(
    db,
    sql`select ${epochMsOf(sql`rolled_to`)} as rolled_to from telemetry_rollup_state where id = 1`,
  );
  return { rolledTo: dateOf(row?.rolled_to) };
}

/** Upserts the hourly rows of the samples in [from, to) (of `devices` only, when given). */
async function rollUpHours(db: Db, timeZone: string, from: SQL, to: SQL, devices?: number[]): Promise<void> {
  const only = devices ? (id: SQL) => sql`${id} = any(${sql.param(devices)}::int[])` : undefined;
  await upsertHours(db, timeZone, sql`${storedSamples({ devices: only, from, to })} s`);
}

/**
 * Upserts the hourly rows of the samples `source` holds: a FROM item aliased `s` with the samples
 * table's columns (and its conditions), every sample of each hour it names.
 */
export async function upsertHours(db: Db, timeZone: string, source: SQL): Promise<void> {
  await db.execute(sql`
    insert into telemetry_hourly (hour, device_id, samples, ${summaryColumnList()}, load_power_mean, lit_share)
    select g.hour, g.device_id, g.samples, ${summaryValues()}, g.load_power_mean, g.lit_share
    from (
      select ${hourStart(sql`s.ts`, timeZone)} as hour, s.device_id, count(*)::int as samples, ${aggregatesOfSamples()},
        ${LAMP_OF_SAMPLES}
      from ${source}
      group by 1, 2
    ) g
    on conflict (device_id, hour) do update set samples = excluded.samples, ${summaryUpdates()},
      load_power_mean = excluded.load_power_mean, lit_share = excluded.lit_share`);
}

/**
 * Makes the daily rows of local `day` from its hourly rows (of `devices` only, when given), keeping the
 * ingest's count of the day's samples they were made from.
 */
export async function rollUpDay(db: Db, timeZone: string, day: string, devices?: number[]): Promise<void> {
  const d = sql`${day}::date`;
  const only = devices ? sql`and h.device_id = any(${sql.param(devices)}::int[])` : sql``;
  await db.execute(sql`
    insert into telemetry_daily (day, device_id, samples, hours, harvest_samples, ${summaryColumnList()}, lamp_wh, lit_hours)
    select ${d}, g.device_id, g.samples, g.hours, coalesce(hv.samples, g.samples), ${summaryValues()}, g.lamp_wh, g.lit_hours
    from (
      select h.device_id, sum(h.samples)::int as samples, count(*)::int as hours, ${aggregatesOfHours()},
        ${LAMP_OF_HOURS}
      from telemetry_hourly h
      where h.hour >= ${dayStartOf(d, timeZone)} and h.hour < ${dayStartOf(sql`${d} + 1`, timeZone)} ${only}
      group by h.device_id
    ) g
    left join daily_harvest hv on hv.device_id = g.device_id and hv.day = ${d}
    on conflict (device_id, day) do update set samples = excluded.samples, hours = excluded.hours,
      harvest_samples = excluded.harvest_samples, ${summaryUpdates()},
      lamp_wh = excluded.lamp_wh, lit_hours = excluded.lit_hours`);
}

/**
 * Rolls the devices' hours of local `day` up again from their samples: those before `until` and those
 * starting at or after `since`, when given.
 */
async function rollUpAgain(
  db: Db,
  timeZone: string,
  day: string,
  devices: number[],
  { until, since }: { until?: Date; since?: Date } = {},
): Promise<void> {
  const d = sql`${day}::date`;
  const from = since
    ? sql`greatest(${dayStartOf(d, timeZone)}, ${firstHourFrom(since, timeZone)})`
    : dayStartOf(d, timeZone);
  const to = until ? ts(until) : dayStartOf(sql`${d} + 1`, timeZone);
  await db.execute(sql`
    delete from telemetry_hourly
    where device_id = any(${sql.param(devices)}::int[]) and hour >= ${from} and hour < ${to}`);
  await rollUpHours(db, timeZone, from, to, devices);
}

/** The first local hour that starts at or after `at`. */
function firstHourFrom(at: Date, timeZone: string): SQL {
  const start = hourStart(ts(at), timeZone);
  return sql`(case when ${start} = ${ts(at)} then ${start} else ${start} + interval '1 hour' end)`;
}

/**
 * Since when the samples of the local day holding the retention horizon (`kept`) are all stored: a UTC
 * day's partition is dropped only once the whole day lies before the horizon (maintenance.ts), so from
 * the start of the horizon's UTC day on.
 */
const wholeSince = (kept: Date) => new Date(Math.floor(kept.getTime() / 86_400_000) * 86_400_000);

async function locked(db: Db): Promise<boolean> {
  const [got] = await rowsOf<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`,
  );
  return got?.locked === true;
}

export interface RollupResult {
  /** Where the hourly rollups stand after the pass. */
  rolledTo: Date | null;
  /** Local days rolled up again for samples that came after their rollup. */
  corrected: number;
}

/**
 * Rolls up the local hours that closed (ROLLUP_GRACE_MS before `now`) since the last pass, a local day
 * per transaction, closing each day that ends; then rolls up again the days that got samples after
 * their rollup. Idempotent; another instance's pass running meanwhile makes this one stop.
 */
export async function rollUpClosedHours(
  db: Db,
  now: Date,
  timeZone: string,
  settings: TelemetryStorageSettings,
  stopped: () => boolean = () => false,
): Promise<RollupResult> {
  const [bounds] = await rowsOf<{ start: number | null; closed: number }>(
    db,
    sql`select ${epochMsOf(sql`coalesce(r.rolled_to, (select ${hourStart(sql`min(ts)`, timeZone)} from telemetry_samples))`)} as start,
               ${epochMsOf(hourStart(ts(new Date(now.getTime() - ROLLUP_GRACE_MS)), timeZone))} as closed
        from telemetry_rollup_state r where r.id = 1`,
  );
  const start = dateOf(bounds?.start);
  if (!start) return { rolledTo: null, corrected: 0 };
  const closed = dateOf(bounds!.closed)!;
  let from = start;
  if (from < closed) await ensurePartitions(db, HOUR_MONTHS, from, closed);
  while (from < closed && !stopped()) {
    const step = await db.transaction(
      async (tx) => {
        if (!(await locked(tx))) return null;
        const [state] = await rowsOf<{ rolled_to: number | null }>(
          tx,
          sql`select ${epochMsOf(sql`rolled_to`)} as rolled_to from telemetry_rollup_state where id = 1 for update`,
        );
        // Another instance went ahead meanwhile: carry on from where it stopped.
        const stored = dateOf(state?.rolled_to);
        const start = stored && stored > from ? stored : from;
        if (start >= closed) return { to: start };
        const [next] = await rowsOf<{ to: number; day: string; ends: boolean }>(
          tx,
          sql`select ${epochMsOf(sql`least(${ts(closed)}, e.day_end)`)} as to, e.day::text as day, e.day_end <= ${ts(closed)} as ends
              from (select (${ts(start)} at time zone ${timeZone})::date as day) d,
                   lateral (select d.day, ${dayStartOf(sql`d.day + 1`, timeZone)} as day_end) e`,
        );
        const to = dateOf(next!.to)!;
        await rollUpHours(tx, timeZone, ts(start), ts(to));
        if (next!.ends) await closeDay(tx, timeZone, next!.day, settings, now);
        await tx.execute(sql`update telemetry_rollup_state set rolled_to = ${ts(to)} where id = 1`);
        return { to };
      },
      { isolationLevel: 'repeatable read' },
    );
    if (!step) break;
    from = step.to;
  }
  const corrected = await correctLateSamples(db, now, timeZone, settings);
  return { rolledTo: (await rollupState(db)).rolledTo, corrected };
}

/**
 * A day that has just ended gets its daily rows; a device whose hours count fewer samples than the
 * ingest stored for the day (a late sample for an hour already rolled up) has its day rolled up again
 * first, while its samples are kept. Then its hourly rows are laid out by device.
 */
async function closeDay(
  db: Db,
  timeZone: string,
  day: string,
  settings: TelemetryStorageSettings,
  now: Date,
): Promise<void> {
  const d = sql`${day}::date`;
  const kept = new Date(samplesKeptSince(settings, now.getTime()));
  // Only a day whose samples are all kept can be rolled up again from them.
  const stale = await rowsOf<{ device_id: number }>(
    db,
    sql`select hv.device_id from daily_harvest hv
        left join (
          select device_id, sum(samples) as n from telemetry_hourly
          where hour >= ${dayStartOf(d, timeZone)} and hour < ${dayStartOf(sql`${d} + 1`, timeZone)}
          group by device_id
        ) r on r.device_id = hv.device_id
        where hv.day = ${d} and hv.samples <> coalesce(r.n, 0) and ${dayStartOf(d, timeZone)} >= ${ts(kept)}`,
  );
  if (stale.length > 0)
    await rollUpAgain(
      db,
      timeZone,
      day,
      stale.map((r) => r.device_id),
    );
  await rollUpDay(db, timeZone, day);
  // Its hours, written an hour of the fleet at a time, are written again device by device (clustering.ts).
  await layOutDay(db, dayStartOf(d, timeZone), dayStartOf(sql`${d} + 1`, timeZone));
}

/**
 * Rolls up again the device-days that got samples after their rollup: closed days whose daily_harvest
 * count moved past the daily row's, and the day under way whose rolled-up hours and samples still to
 * roll up add up to less than its count. A day whose samples are all kept is redone from them; the day
 * holding the retention horizon (partly dropped, but the ingest still takes samples for its kept part)
 * has the hours it still holds whole redone, and its daily row made again from its hours.
 */
export async function correctLateSamples(
  db: Db,
  now: Date,
  timeZone: string,
  settings: TelemetryStorageSettings,
): Promise<number> {
  return db.transaction(
    async (tx) => {
      if (!(await locked(tx))) return 0;
      const { rolledTo } = await rollupState(tx);
      if (!rolledTo) return 0;
      const kept = new Date(samplesKeptSince(settings, now.getTime()));
      const closedDays = await rowsOf<{ day: string; devices: number[] }>(
        tx,
        sql`select hv.day::text as day, array_agg(hv.device_id) as devices
            from daily_harvest hv
            left join telemetry_daily d on d.device_id = hv.device_id and d.day = hv.day
            where hv.day >= (${ts(kept)} at time zone ${timeZone})::date
              and hv.day < (${ts(rolledTo)} at time zone ${timeZone})::date
              and hv.samples <> coalesce(d.harvest_samples, -1)
            group by hv.day`,
      );
      const edge = today(timeZone, kept);
      for (const { day, devices } of closedDays) {
        const ids = devices.map(Number);
        await rollUpAgain(tx, timeZone, day, ids, day === edge ? { since: wholeSince(kept) } : {});
        await rollUpDay(tx, timeZone, day, ids);
      }
      const [open] = await rowsOf<{ day: string; devices: number[] | null }>(
        tx,
        sql`with d as (select (${ts(rolledTo)} at time zone ${timeZone})::date as day),
            bounds as (select d.day, ${dayStartOf(sql`d.day`, timeZone)} as day_start,
                              ${dayStartOf(sql`d.day + 1`, timeZone)} as day_end from d)
            select b.day::text as day, (
              select array_agg(hv.device_id) from daily_harvest hv
              left join (
                select device_id, sum(samples) as n from telemetry_hourly
                where hour >= b.day_start and hour < ${ts(rolledTo)} group by device_id
              ) r on r.device_id = hv.device_id
              left join (
                select device_id, count(*) as n from telemetry_samples
                where ts >= ${ts(rolledTo)} and ts < b.day_end group by device_id
              ) p on p.device_id = hv.device_id
              where hv.day = b.day and hv.samples <> coalesce(r.n, 0) + coalesce(p.n, 0)
            ) as devices
            from bounds b`,
      );
      if (open?.devices?.length)
        await rollUpAgain(tx, timeZone, open.day, open.devices.map(Number), { until: rolledTo });
      return closedDays.length + (open?.devices?.length ? 1 : 0);
    },
    { isolationLevel: 'repeatable read' },
  );
}

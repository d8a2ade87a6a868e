import { and, between, eq, sql, sum } from 'drizzle-orm';
import { MPPT_DAYS } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dailyHarvest, orgDailyHarvest } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { addDays, today } from '../../calendar';
import { getInventory } from '../inventory';
import { daysBetween, dayStart, localDay } from './days';

// Per-day figures (local days): energy harvest from the daily rollup, MPPT efficiency from samples.

const dayText = (day: typeof dailyHarvest.day | typeof orgDailyHarvest.day) =>
  sql<string>`to_char(${day}, 'YYYY-MM-DD')`;

/**
 * Harvest per day in Wh, one point per day of the range (0 where nothing was harvested): of one device
 * (its daily rows), or without a device of every device the caller sees, from the organizations' daily
 * sums (org_daily_harvest, whole mWh: telemetry/org-harvest.ts): a few rows per organization and day in
 * scope (a customer's by the primary key, the provider's by org_daily_harvest_day), not every device-day.
 */
export async function harvestOf(
  db: Db,
  auth: AuthUser,
  query: { device?: number | undefined; start_date: string; end_date: string },
): Promise<{ date: string; harvest: number }[]> {
  if (query.device) await getInventory(db, auth, 'rms', query.device);
  const rows = query.device
    ? await db
        .select({ day: dayText(dailyHarvest.day), wh: dailyHarvest.harvestWh })
        .from(dailyHarvest)
        .where(
          and(
            eq(dailyHarvest.deviceId, query.device),
            between(dailyHarvest.day, query.start_date, query.end_date),
          ),
        )
    : await db
        .select({
          day: dayText(orgDailyHarvest.day),
          wh: sql<number>`(${sum(orgDailyHarvest.harvestMwh)} / 1000)::float8`,
        })
        .from(orgDailyHarvest)
        .where(
          and(
            between(orgDailyHarvest.day, query.start_date, query.end_date),
            orgScope(orgDailyHarvest.organizationId, auth),
          ),
        )
        .groupBy(orgDailyHarvest.day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.wh)]));
  return daysBetween(query.start_date, query.end_date).map((date) => ({
    date,
    harvest: byDay.get(date) ?? 0,
  }));
}

/** MPPT efficiency per day of the last MPPT_DAYS local days, oldest first: the mean of daytime samples. */
export async function mpptDaysOf(db: Db, timeZone: string, auth: AuthUser, deviceId: number) {
  await getInventory(db, auth, 'rms', deviceId);
  const first = addDays(today(timeZone), 1 - MPPT_DAYS);
  const stored = storedSamples({
    devices: (id) => sql`${id} = ${deviceId}`,
    from: dayStart(first, timeZone),
  });
  const rows = await rowsOf<{ day: string; mppt: number }>(
    db,
    sql`select ${localDay(sql`s.ts`, timeZone)} as day, avg(s.mppt)::float8 as mppt
        from ${stored} s where s.pv_i > 0 group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.mppt)]));
  return daysBetween(first, addDays(first, MPPT_DAYS - 1)).map((date) => ({
    date,
    mppt: byDay.get(date) ?? null,
  }));
}

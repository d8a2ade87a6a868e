import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { addToOrgHarvest } from './org-harvest';
import type { SampleRow } from './sample-row';
import { storedSamples } from './storage/stored-samples';

// Daily energy harvest from the device's cumulative counter (docs/device-link.md). A day's harvest is
// the sum of the counter's increases between consecutive samples of that day; a drop means the
// counter was reset, and then the value after the reset is what was harvested since. Samples that
// arrive in order extend the day from its stored last value; a sample older than the day's newest
// one makes the day recomputed from its stored samples, so out-of-order delivery gives the same figure.
// Each day also counts its stored samples (only the new ones reach here: a redelivery adds nothing), so
// the device report counts a fleet's month by summing days instead of reading every sample.

/** Harvest over consecutive counter readings (in time order). */
export function harvestOf(energies: readonly number[]): number {
  let total = 0;
  for (let i = 1; i < energies.length; i++) {
    const step = energies[i]! - energies[i - 1]!;
    total += step >= 0 ? step : energies[i]!;
  }
  return total;
}

interface DayState {
  harvestWh: number;
  firstTs: number;
  lastTs: number;
  lastEnergyWh: number;
  samples: number;
}

interface DayUpdate extends DayState {
  deviceId: number;
  day: string;
}

/** Folds newly stored samples into daily_harvest and org_daily_harvest (inside the ingest's transaction). */
export async function updateHarvest(
  db: Db,
  inserted: readonly SampleRow[],
  dayOf: (epochMs: number) => string,
): Promise<void> {
  if (inserted.length === 0) return;
  const groups = new Map<string, { deviceId: number; day: string; samples: SampleRow[] }>();
  for (const s of inserted) {
    const day = dayOf(s.ts);
    const key = `${s.deviceId}|${day}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { deviceId: s.deviceId, day, samples: [] }));
    group.samples.push(s);
  }
  const keys = [...groups.values()];
  const stored = await readDays(
    db,
    keys.map((k) => k.deviceId),
    keys.map((k) => k.day),
  );

  const updates: DayUpdate[] = [];
  const recompute: { deviceId: number; day: string }[] = [];
  for (const { deviceId, day, samples } of keys) {
    samples.sort((a, b) => a.ts - b.ts);
    const before = stored.get(`${deviceId}|${day}`);
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    if (before && first.ts <= before.lastTs) {
      recompute.push({ deviceId, day });
      continue;
    }
    const energies = samples.map((s) => s.energyWh);
    updates.push({
      deviceId,
      day,
      harvestWh: before
        ? before.harvestWh + harvestOf([before.lastEnergyWh, ...energies])
        : harvestOf(energies),
      firstTs: before ? before.firstTs : first.ts,
      lastTs: last.ts,
      lastEnergyWh: last.energyWh,
      samples: (before?.samples ?? 0) + samples.length,
    });
  }
  if (recompute.length > 0) updates.push(...(await recomputeDays(db, recompute, dayOf)));
  await writeDays(db, updates);
  // The organizations' daily sums follow every device-day's change (org-harvest.ts).
  await addToOrgHarvest(
    db,
    updates.map((u) => ({
      deviceId: u.deviceId,
      day: u.day,
      beforeWh: stored.get(`${u.deviceId}|${u.day}`)?.harvestWh ?? 0,
      afterWh: u.harvestWh,
    })),
  );
}

async function readDays(db: Db, deviceIds: number[], days: string[]): Promise<Map<string, DayState>> {
  const result = await rowsOf<{
    device_id: number;
    day: string;
    harvest_wh: number;
    first_ts: string;
    last_ts: string;
    last_energy_wh: number;
    samples: number;
  }>(
    db,
    sql`
    select h.device_id, h.day::text as day, h.harvest_wh, h.first_ts, h.last_ts, h.last_energy_wh, h.samples
    from daily_harvest h
    join unnest(${sql.param(deviceIds)}::int[], ${sql.param(days)}::date[]) as k(device_id, day)
      on h.device_id = k.device_id and h.day = k.day`,
  );
  const map = new Map<string, DayState>();
  for (const r of result) {
    map.set(`${r.device_id}|${r.day}`, {
      harvestWh: Number(r.harvest_wh),
      firstTs: Date.parse(r.first_ts),
      lastTs: Date.parse(r.last_ts),
      lastEnergyWh: Number(r.last_energy_wh),
      samples: Number(r.samples),
    });
  }
  return map;
}

/** Reads the whole stored day of each (device, day) back (the rare out-of-order case). */
async function recomputeDays(
  db: Db,
  keys: { deviceId: number; day: string }[],
  dayOf: (epochMs: number) => string,
): Promise<DayUpdate[]> {
  const updates: DayUpdate[] = [];
  for (const { deviceId, day } of keys) {
    // The day's instants: a window of ±14 h around the UTC date covers every zone; dayOf picks exactly.
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 14 * 3_600_000).toISOString();
    const to = new Date(Date.parse(`${day}T00:00:00Z`) + 38 * 3_600_000).toISOString();
    const stored = storedSamples({
      devices: (id) => sql`${id} = ${deviceId}`,
      from: sql`${from}::timestamptz`,
      to: sql`${to}::timestamptz`,
    });
    const result = await rowsOf<{ ts: string; energy_wh: number }>(
      db,
      sql`select s.ts, s.energy_wh from ${stored} s order by s.ts`,
    );
    const rows = result
      .map((r) => ({ ts: Date.parse(r.ts), energyWh: Number(r.energy_wh) }))
      .filter((r) => dayOf(r.ts) === day);
    if (rows.length === 0) continue;
    updates.push({
      deviceId,
      day,
      harvestWh: harvestOf(rows.map((r) => r.energyWh)),
      firstTs: rows[0]!.ts,
      lastTs: rows[rows.length - 1]!.ts,
      lastEnergyWh: rows[rows.length - 1]!.energyWh,
      samples: rows.length,
    });
  }
  return updates;
}

async function writeDays(db: Db, updates: DayUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.execute(sql`
    insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
    select * from unnest(
      ${sql.param(updates.map((u) => u.deviceId))}::int[],
      ${sql.param(updates.map((u) => u.day))}::date[],
      ${sql.param(updates.map((u) => u.harvestWh))}::float8[],
      ${sql.param(updates.map((u) => new Date(u.firstTs).toISOString()))}::timestamptz[],
      ${sql.param(updates.map((u) => new Date(u.lastTs).toISOString()))}::timestamptz[],
      ${sql.param(updates.map((u) => u.lastEnergyWh))}::float8[],
      ${sql.param(updates.map((u) => u.samples))}::int[])
    on conflict (device_id, day) do update set
      harvest_wh = excluded.harvest_wh, first_ts = excluded.first_ts,
      last_ts = excluded.last_ts, last_energy_wh = excluded.last_energy_wh, samples = excluded.samples`);
}

import type { GraphKind, GraphPoint } from '@rms/contracts/monitoring';
import { GRAPH_SERIES } from '@rms/contracts/monitoring';
import type { SampleRow } from '../telemetry/sample-row';
import { sampleRow } from './factories';

// What rollups and graphs must come to, computed here from the samples themselves, independently of
// the SQL: the reference the storage tests compare the database's answers with. Readings are stored as
// real (float32) and multiplied in real arithmetic, so the reference rounds the same way (Math.fround).

const HOUR = 3_600_000;
/** Asia/Kolkata, the tests' zone: UTC+05:30 all year. */
export const KOLKATA_OFFSET = 5.5 * HOUR;

const f32 = Math.fround;

/** Samples every `everyMs` in [from, to) with readings that wander (seeded), nights without sun. */
export function variedSamples(
  deviceId: number,
  from: number,
  to: number,
  everyMs: number,
  seed = 1,
): SampleRow[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
  const rows: SampleRow[] = [];
  let energy = 1000;
  for (let ts = from; ts < to; ts += everyMs) {
    const localHour = Math.floor(((ts + KOLKATA_OFFSET) % 86_400_000) / HOUR);
    const sun = localHour >= 6 && localHour < 18;
    const pvI = sun ? round(random() * 4) : 0;
    const night = !sun;
    energy += sun ? random() * 2 : 0;
    rows.push(
      sampleRow(deviceId, ts, {
        gsmSig: 50 + Math.floor(random() * 40),
        btV: round(12 + random() * 1.5),
        btChI: sun ? round(random() * 3) : 0,
        soc: round(50 + random() * 40, 1),
        pvV: sun ? round(17 + random() * 3) : 0,
        pvI,
        loV: night ? round(11.5 + random()) : 0,
        loI: night ? round(random() * 2, 3) : 0,
        mppt: round(90 + random() * 8, 1),
        energyWh: round(energy),
      }),
    );
  }
  return rows;
}

export type Series = 'pv_power' | 'bt_v' | 'load_power';

/** The series' value as the database computes it (real arithmetic). */
export function seriesValue(series: Series, r: SampleRow): number {
  if (series === 'pv_power') return f32(f32(r.pvV) * f32(r.pvI));
  if (series === 'load_power') return f32(f32(r.loV) * f32(r.loI));
  return f32(r.btV);
}

/** The lowest (earliest among equals) and highest (latest among equals) sample of the series. */
export function extremesOf(rows: readonly SampleRow[], series: Series): { low: SampleRow; high: SampleRow } {
  let low = rows[0]!;
  let high = rows[0]!;
  for (const r of rows) {
    const v = seriesValue(series, r);
    const lv = seriesValue(series, low);
    const hv = seriesValue(series, high);
    if (v < lv || (v === lv && r.ts < low.ts)) low = r;
    if (v > hv || (v === hv && r.ts > high.ts)) high = r;
  }
  return { low, high };
}

/** Groups samples by a key, keeping the key order of first appearance. */
export function groupBy<K>(rows: readonly SampleRow[], key: (r: SampleRow) => K): Map<K, SampleRow[]> {
  const groups = new Map<K, SampleRow[]>();
  for (const r of rows) {
    const k = key(r);
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}

/** The instant the sample's local (Kolkata) hour begins. */
export const localHourStart = (ts: number) =>
  Math.floor((ts + KOLKATA_OFFSET) / HOUR) * HOUR - KOLKATA_OFFSET;

/** A graph point of a sample, its fields computed as the database computes them. */
export function pointOf(r: SampleRow): GraphPoint {
  return {
    created_at: new Date(r.ts).toISOString(),
    lo_i: f32(r.loI),
    bt_v: f32(r.btV),
    load_power: f32(f32(r.loV) * f32(r.loI)),
    bt_ch_i: f32(r.btChI),
    bt_power: f32(f32(r.btV) * f32(r.btChI)),
    pv_i: f32(r.pvI),
    pv_v: f32(r.pvV),
    pv_power: f32(f32(r.pvV) * f32(r.pvI)),
  };
}

/**
 * A graph reduced to buckets of `unitMs × per` counted from `from`: per bucket the samples with the
 * main series' minimum and maximum, oldest first; the graph-service's rule, over whole hours or days.
 */
export function reducedGraph(
  rows: readonly SampleRow[],
  kind: GraphKind,
  bucketOf: (r: SampleRow) => number,
): GraphPoint[] {
  const series = GRAPH_SERIES[kind].main as Series;
  const picked = new Map<number, SampleRow>();
  for (const group of groupBy(rows, bucketOf).values()) {
    const { low, high } = extremesOf(group, series);
    picked.set(low.ts, low);
    picked.set(high.ts, high);
  }
  return [...picked.values()].sort((a, b) => a.ts - b.ts).map(pointOf);
}

/** A point as the API answers it, with each reading rounded to float32 (the API answers shortest text). */
export function asFloat32(p: GraphPoint): GraphPoint {
  return {
    created_at: p.created_at,
    lo_i: f32(p.lo_i),
    bt_v: f32(p.bt_v),
    load_power: f32(p.load_power),
    bt_ch_i: f32(p.bt_ch_i),
    bt_power: f32(p.bt_power),
    pv_i: f32(p.pv_i),
    pv_v: f32(p.pv_v),
    pv_power: f32(p.pv_power),
  };
}

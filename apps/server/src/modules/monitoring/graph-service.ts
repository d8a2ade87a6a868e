import { sql } from 'drizzle-orm';
import {
  GRAPH_DEFAULT_DAYS,
  GRAPH_MAX_DAYS,
  GRAPH_MESSAGES,
  daysBetween,
  type GraphKind,
  type GraphQuery,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import { addDays, today } from '../../calendar';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fieldError } from '../../errors';
import { horizonsAt, hoursFrom, samplesFrom } from '../../telemetry/storage/horizons';
import type { TelemetryStorageSettings } from '../../telemetry/storage/settings';
import { getInventory } from '../inventory';
import { dayStart } from './days';
import { countedSamples, inFilters, narrowed, samplesGraph } from './graph-samples';
import { summaryGraph } from './graph-summaries';
import { epochMsOf } from '../../db/epoch-ms';

// Graph points of one device (spec 02 §2 "/graph-view", §3). Long ranges are reduced in the database:
// when the range holds more samples than `points`, it is cut into at most points/2 time buckets and
// each bucket keeps the samples with the minimum and the maximum of the tab's main series, so a peak is
// never averaged away and the answer has at most `points` rows; otherwise every sample is answered.
//
// Where a bucket is shorter than an hour the samples are read (graph-samples.ts). Longer buckets are
// made of whole local hours, or whole local days when a bucket spans 4 hours or more or the range
// starts before the hourly rollups kept, and read from the rollups (graph-summaries.ts): a rollup
// keeps its hour's or day's lowest and highest sample of each main series, so a bucket made of them
// picks the very samples the samples themselves would give. A range whose samples are no longer kept
// is drawn from rollups whatever its length (two points an hour at most).

const HOUR_MS = 3_600_000;
/**
 * Buckets this long or longer are made of whole days. A day is then six buckets or fewer (six pixels
 * or fewer on the Graph View, which asks two points a pixel), where its hours would show little more
 * than its lowest and highest sample do. So a year reads its 365 daily rows, not 8,760 hourly ones,
 * and no range costs much more than a week of samples (bench/README.md, "A device's graph").
 */
const DAY_BUCKET_HOURS = 4;

/** The range asked for, or its default (the last GRAPH_DEFAULT_DAYS days to today, local). */
function rangeOf(q: GraphQuery, timeZone: string): { start: string; end: string } {
  const end = q.end_date ?? (q.start_date ? addDays(q.start_date, GRAPH_DEFAULT_DAYS - 1) : today(timeZone));
  const start = q.start_date ?? addDays(end, 1 - GRAPH_DEFAULT_DAYS);
  if (end < start) throw fieldError('end_date', GRAPH_MESSAGES.endBeforeStart);
  if (daysBetween(start, end) > GRAPH_MAX_DAYS) throw fieldError('end_date', GRAPH_MESSAGES.tooLong);
  return { start, end };
}

/** The graph's answer (the contract's `graphPoints`), already serialized by the database (graph-points.ts). */
export async function graphOf(
  db: Db,
  timeZone: string,
  storage: TelemetryStorageSettings,
  auth: AuthUser,
  kind: GraphKind,
  q: GraphQuery,
): Promise<string> {
  const { start, end } = rangeOf(q, timeZone);
  const from = dayStart(start, timeZone);
  const to = dayStart(addDays(end, 1), timeZone);
  const buckets = Math.max(1, Math.floor(q.points / 2));
  // Three independent reads at once (a round trip each on PostgreSQL's pool): nothing is answered
  // unless the caller sees the device, whose check rejects the lot.
  const [, [span], horizons] = await Promise.all([
    getInventory(db, auth, 'rms', q.device),
    rowsOf<{ from: number; to: number }>(db, sql`select ${epochMsOf(from)} as from, ${epochMsOf(to)} as to`),
    horizonsAt(db, new Date(), storage),
  ]);
  const fromMs = Number(span!.from);
  const hours = (Number(span!.to) - fromMs) / HOUR_MS;
  if (
    samplesFrom(horizons, fromMs) &&
    (hours < buckets || (await countedSamples(db, q.device, start, end)) <= q.points)
  )
    return samplesGraph(db, auth, kind, q, { from, to, buckets });
  if (narrowed(q) && !(await inFilters(db, auth, q))) return '[]';
  const days = daysBetween(start, end);
  const byDay = hours / buckets >= DAY_BUCKET_HOURS || !hoursFrom(horizons, fromMs);
  return summaryGraph(db, {
    device: q.device,
    kind,
    timeZone,
    start,
    from,
    to,
    unit: byDay ? 'day' : 'hour',
    per: Math.max(1, Math.ceil(byDay ? days / buckets : hours / buckets)),
    rolledTo: horizons.rolledTo,
  });
}

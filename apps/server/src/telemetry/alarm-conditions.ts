import { sql } from 'drizzle-orm';
import type { AlarmKind } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ActiveRule } from './alarm-rule-book';

// From conditions to raises and clears, with the rule's hold times (docs/alarms.md). A rule that holds
// nothing raises and clears at once, as before rules existed. Otherwise the condition and since when it
// holds are kept per device and kind (alarm_conditions), all of a batch in one statement: the alarm is
// raised once the raise condition has held `hold_minutes`, and cleared once the clear condition has
// held `clear_hold_minutes`; any other reading in between starts the count again. So a reading that
// flaps raises one alarm, which stays open until the clear condition has held.

/** 'none': between the raise and the clear thresholds (hysteresis), or not judged (night, no neighbours). */
export type Condition = 'raise' | 'clear' | 'none';

export interface Observation {
  deviceId: number;
  kind: AlarmKind;
  condition: Condition;
  /** When it was seen: the sample's time, or the sweep's. */
  at: number;
  rule: ActiveRule;
}

export interface AlarmChange {
  deviceId: number;
  kind: AlarmKind;
  code: string;
  at: number;
  /** The rule that raised it (null: the default) and its severity; only for raises. */
  rule?: ActiveRule;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The raises and clears the observations call for, after their rules' hold times. */
export async function settle(
  db: Db,
  observations: readonly Observation[],
): Promise<{ raise: AlarmChange[]; resolve: AlarmChange[] }> {
  const raise: AlarmChange[] = [];
  const resolve: AlarmChange[] = [];
  const held: Observation[] = [];
  for (const o of observations) {
    if (o.rule.hold_minutes > 0 || o.rule.clear_hold_minutes > 0) held.push(o);
    else if (o.condition === 'raise') raise.push(changeOf(o));
    else if (o.condition === 'clear') resolve.push(changeOf(o));
  }
  if (held.length === 0) return { raise, resolve };
  // Written only where it matters: a raise condition, a device and kind that already has a row, or an
  // open alarm waiting for its clear hold. A healthy device (the usual sample) writes nothing, and a
  // row whose condition is unchanged is not rewritten: its `since` is read as it was.
  const rows = await rowsOf<{ device_id: number; kind: AlarmKind; since: string }>(
    db,
    sql`
    with k(device_id, kind, state, at) as (select * from unnest(
      ${sql.param(held.map((o) => o.deviceId))}::int[], ${sql.param(held.map((o) => o.kind))}::text[],
      ${sql.param(held.map((o) => o.condition))}::text[], ${sql.param(held.map((o) => iso(o.at)))}::timestamptz[])),
    up as (
      insert into alarm_conditions as c (device_id, kind, state, since)
      select k.device_id, k.kind, k.state, k.at from k
      where k.state = 'raise'
        or exists (select 1 from alarm_conditions x where x.device_id = k.device_id and x.kind = k.kind)
        or exists (select 1 from alarms a where a.device_id = k.device_id and a.kind = k.kind
                   and a.fault_code = '' and a.resolution_time is null)
      on conflict (device_id, kind) do update set state = excluded.state, since = excluded.since
        where c.state <> excluded.state
      returning device_id, kind, since)
    select device_id, kind, since from up
    union all
    select x.device_id, x.kind, x.since from alarm_conditions x
    join k on x.device_id = k.device_id and x.kind = k.kind and x.state = k.state`,
  );
  const since = new Map(rows.map((r) => [`${r.device_id}|${r.kind}`, new Date(r.since).getTime()]));
  for (const o of held) {
    // No row: a clear with nothing open, or a reading between the thresholds; nothing to count.
    const from = since.get(`${o.deviceId}|${o.kind}`);
    if (from === undefined) continue;
    if (o.condition === 'raise' && o.at - from >= o.rule.hold_minutes * 60_000) raise.push(changeOf(o));
    else if (o.condition === 'clear' && o.at - from >= o.rule.clear_hold_minutes * 60_000)
      resolve.push(changeOf(o));
  }
  return { raise, resolve };
}

function changeOf(o: Observation): AlarmChange {
  return { deviceId: o.deviceId, kind: o.kind, code: '', at: o.at, rule: o.rule };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// Escalation (docs/notifications.md): an alarm still active and unacknowledged `escalate_after_minutes`
// after it was raised gets an `escalated` entry in its timeline, once; the fan-out then tells the people
// its rule names (escalate_to). Alarms of the built-in default rule (rule_id null) never escalate. One
// statement, run by one instance at a time (the job runner's lease); the NOT EXISTS keeps it once.

/** Adds the `escalated` entries that are due; answers the alarms escalated. */
export async function escalateDue(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ alarm_id: string | number }>(
    db,
    sql`
    insert into alarm_events (alarm_id, type)
    select a.id, 'escalated'
    from alarms a join alarm_rules r on r.id = a.rule_id
    where a.resolution_time is null and a.acknowledged_at is null
      and r.escalate_after_minutes is not null and cardinality(r.escalate_to) > 0
      and coalesce(
        (select min(e.at) from alarm_events e where e.alarm_id = a.id and e.type = 'raised'),
        a.fault_time) <= now() - make_interval(mins => r.escalate_after_minutes)
      and not exists (select 1 from alarm_events e where e.alarm_id = a.id and e.type = 'escalated')
    returning alarm_id`,
  );
  return rows.map((r) => Number(r.alarm_id));
}

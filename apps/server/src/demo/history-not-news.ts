import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The history written on the first start is the past, not news: the people's notifications (the
 * fan-out, modules/notifications/fan-out.ts) begin after it, so the owner's bell has what happens once
 * the demo is live (the injected faults' alarms), not "Assigned to you" for alarms of weeks ago. Called
 * in the transaction that writes the history, so a fan-out run cannot fall between the two.
 */
export async function historyIsNotNews(db: Db): Promise<void> {
  await db.execute(sql`
    insert into notify_cursors (name, last_event_id)
    select 'fan-out', coalesce(max(id), 0) from alarm_events
    on conflict (name) do update set last_event_id = greatest(notify_cursors.last_event_id, excluded.last_event_id)`);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alarmTitle, follows, maySee, projectOf, wants } from './audience';

const seen = maySee(sql`al.device_org`);

// The fan-out (docs/notifications.md): a periodic job reads the alarm timeline (alarm_events) after its
// stored cursor and makes each person's notifications in one INSERT ... SELECT, so the ingest and the
// alarm actions write nothing more than their timeline entry:
//  - raised: to everyone who may see the alarm and follows it (organizations or projects, severity),
//    when their channels hold the bell or e-mail; not for an alarm whose fault is older than a day
//    (history a device uploads late, the demo's backfill: not news);
//  - assigned: to the new assignee (not when they assigned themselves), whatever they follow;
//  - escalated: to the people its rule names (escalate_to), in the bell and by e-mail, whatever they follow.
// Nobody is told of an alarm they may not see, and inactive people nothing. An entry is made into a
// notification at most once per person (user_notifications_once), so the job may read an entry again:
// it does, for entries of the last minute below its cursor, because a transaction that began earlier
// (a lower id) may commit after a later one was read.

const CURSOR = 'fan-out';
/** Entries read in one run at most; the next run goes on from there. */
const BATCH = 5000;
/** A raised alarm whose fault time is older than this is history, not news. */
const NEWS_WINDOW = sql.raw(`interval '1 day'`);
/** How far below the cursor entries of the last minute are read again (late commits). */
const LOOKBACK_IDS = 1000;

export interface FanOutResult {
  /** People given new notifications in the bell. */
  users: number[];
  /** How many notifications were made. */
  made: number;
}

export async function fanOut(db: Db): Promise<FanOutResult> {
  return db.transaction(async (tx) => {
    const [cursor] = await rowsOf<{ last_event_id: string | number }>(
      tx,
      sql`select last_event_id from notify_cursors where name = ${CURSOR} for update`,
    );
    if (!cursor) {
      // The first run starts at the end of the timeline: what happened before is not news.
      await tx.execute(sql`
        insert into notify_cursors (name, last_event_id)
        select ${CURSOR}, coalesce(max(id), 0) from alarm_events
        on conflict (name) do nothing`);
      return { users: [], made: 0 };
    }
    const from = Number(cursor.last_event_id);
    const made = await rowsOf<{ user_id: number; in_app: boolean; last: string | number | null }>(
      tx,
      sql`
      with ev as (
        (select id, alarm_id, type, actor_id, assignee_id from alarm_events
         where id > ${from} and type in ('raised', 'assigned', 'escalated') order by id limit ${BATCH})
        union
        (select id, alarm_id, type, actor_id, assignee_id from alarm_events
         where id > ${from - LOOKBACK_IDS} and id <= ${from} and at > now() - interval '1 minute'
           and type in ('raised', 'assigned', 'escalated'))
      ),
      alarm as (
        select ev.id as event_id, ev.type, ev.actor_id, ev.assignee_id, a.id as alarm_id, a.rule_id,
          d.organization_id as device_org, ${alarmTitle} as title, a.severity, a.fault_time, project
        from ev join alarms a on a.id = ev.alarm_id join rms_devices d on d.id = a.device_id
          cross join lateral (select ${projectOf} as project) pr
      ),
      candidates as (
        -- raised: the followers
        select u.id as user_id, al.event_id, al.alarm_id, 'raised' as kind, al.title,
          ${wants('in_app')} as in_app, ${wants('email')} as email
        from alarm al
          join users u on true
          join organizations uo on uo.id = u.organization_id
          left join notify_preferences np on np.user_id = u.id
        where al.type = 'raised' and al.fault_time > now() - ${NEWS_WINDOW} and ${seen}
          and ${follows({ severity: sql`al.severity`, organization: sql`al.device_org`, project: sql`al.project` })}
          and (${wants('in_app')} or ${wants('email')})
        union all
        -- assigned: the assignee
        select u.id, al.event_id, al.alarm_id, 'assigned', 'Assigned to you: ' || al.title, true,
          ${wants('email')}
        from alarm al
          join users u on u.id = al.assignee_id
          join organizations uo on uo.id = u.organization_id
          left join notify_preferences np on np.user_id = u.id
        where al.type = 'assigned' and al.assignee_id is distinct from al.actor_id and ${seen}
        union all
        -- escalated: the rule's people
        select u.id, al.event_id, al.alarm_id, 'escalated', 'Escalated: ' || al.title, true, true
        from alarm al
          join alarm_rules r on r.id = al.rule_id
          join users u on u.id = any(r.escalate_to)
          join organizations uo on uo.id = u.organization_id
        where al.type = 'escalated' and ${seen}
      ),
      inserted as (
        insert into user_notifications (user_id, alarm_id, event_id, kind, title, in_app, email)
        select user_id, alarm_id, event_id, kind, title, in_app, email from candidates
        on conflict (user_id, event_id) do nothing
        returning user_id, in_app
      )
      select user_id, in_app, null as last from inserted
      union all
      select null, null, (select max(id) from ev where id > ${from})`,
    );
    const last = made.find((r) => r.user_id === null)?.last;
    if (last !== null && last !== undefined)
      await tx.execute(sql`update notify_cursors set last_event_id = ${Number(last)} where name = ${CURSOR}`);
    const rows = made.filter((r) => r.user_id !== null);
    return { users: [...new Set(rows.filter((r) => r.in_app).map((r) => r.user_id))], made: rows.length };
  });
}

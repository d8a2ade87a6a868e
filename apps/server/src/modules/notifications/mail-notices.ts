import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@rms/contracts/telemetry';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../mail/mailer';
import { alarmTitle, follows, maySee, projectOf } from './audience';

// Notification e-mails (docs/notifications.md), through the one mailer (SMTP_URL, else the outbox).
// Immediate: each person's notifications to e-mail are taken in one statement (emailed_at set) for the
// people not e-mailed in the last NOTIFY_EMAIL_MINUTES, and sent as one e-mail per person: what came
// meanwhile waits and goes together. Digest: from NOTIFY_DIGEST_HOUR local time (TIME_ZONE), each
// person with the digest channel gets yesterday's alarms they follow, once per day: the day is taken by
// inserting (person, day), which only one instance can do. A mail that cannot be sent is logged, not
// tried again (taken is taken: a person is never e-mailed the same thing twice).

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  timeZone: string;
  emailMinutes: number;
  digestHour: number;
}

const alarmLink = (deps: MailDeps, alarm: number) => `${deps.publicUrl}/alarms-view?alarm=${alarm}`;
const settingsLink = (deps: MailDeps) => `${deps.publicUrl}/notification-settings`;

async function send(deps: MailDeps, to: string, subject: string, lines: string[]): Promise<boolean> {
  try {
    await deps.mailer.send({ to, subject, text: lines.join('\n') });
    return true;
  } catch (err) {
    deps.log.error({ err, to }, 'notifications: e-mail not sent');
    return false;
  }
}

/** Sends what is due to be e-mailed; answers the people e-mailed. */
export async function sendNotificationMails(deps: MailDeps): Promise<string[]> {
  const taken = await rowsOf<{
    user_id: number;
    email: string;
    may_see: boolean;
    title: string;
    alarm_id: string | number;
  }>(
    deps.db,
    sql`
    with due as (
      select distinct n.user_id from user_notifications n
        left join notify_mailings m on m.user_id = n.user_id
      where n.email and n.emailed_at is null
        and (m.last_sent_at is null or m.last_sent_at <= now() - make_interval(mins => ${deps.emailMinutes}))
    ),
    taken as (
      update user_notifications n set emailed_at = now()
      from due where n.user_id = due.user_id and n.email and n.emailed_at is null
      returning n.user_id, n.id, n.title, n.alarm_id
    ),
    marked as (
      insert into notify_mailings (user_id, last_sent_at) select user_id, now() from due
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
    )
    select t.user_id, u.email, ${maySee(sql`d.organization_id`)} as may_see, t.title, t.alarm_id
    from taken t join users u on u.id = t.user_id
      join organizations uo on uo.id = u.organization_id
      join alarms a on a.id = t.alarm_id join rms_devices d on d.id = a.device_id
    order by t.user_id, t.id`,
  );
  const people = new Map<number, { email: string; items: { title: string; alarm: number }[] }>();
  for (const row of taken) {
    // Who may see the alarm is asked again as the mail goes (it may wait up to NOTIFY_EMAIL_MINUTES):
    // a person made inactive, of an organization deleted, or who lost VIEW_DEVICE_DATA meanwhile is not sent it.
    if (!row.may_see) continue;
    const person = people.get(row.user_id) ?? { email: row.email, items: [] };
    person.items.push({ title: row.title, alarm: Number(row.alarm_id) });
    people.set(row.user_id, person);
  }
  const sent: string[] = [];
  for (const { email, items } of people.values()) {
    const subject =
      items.length === 1
        ? `RMS Console: ${items[0]!.title}`
        : `RMS Console: ${items.length} alarm notifications`;
    const lines = [
      ...items.flatMap((i) => [i.title, `  ${alarmLink(deps, i.alarm)}`]),
      '',
      `Change what you are told of: ${settingsLink(deps)}`,
    ];
    if (await send(deps, email, subject, lines)) sent.push(email);
  }
  return sent;
}

/** Most alarms listed in one digest (the counts cover all). */
const DIGEST_LIST = 50;
const rank = sql.raw(`array_position(array[${ALARM_SEVERITIES.map((s) => `'${s}'`).join(',')}], a.severity)`);

/** Sends the digests due now (yesterday's, once the local hour has come); answers the people e-mailed. */
export async function sendDigests(deps: MailDeps): Promise<string[]> {
  const tz = deps.timeZone;
  const rows = await rowsOf<{
    user_id: number;
    email: string;
    day: string | Date;
    counts: Partial<Record<AlarmSeverity, number>> | null;
    alarms: { id: number; severity: AlarmSeverity; title: string; active: boolean }[] | null;
  }>(
    deps.db,
    sql`
    with day as (
      select (now() at time zone ${tz})::date - 1 as day
      where extract(hour from now() at time zone ${tz}) >= ${deps.digestHour}
    ),
    takers as (
      insert into notify_digests (user_id, day)
      select u.id, day.day from day
        cross join users u
        join organizations uo on uo.id = u.organization_id
        join notify_preferences np on np.user_id = u.id
      where 'digest' = any(np.channels) and u.is_active and uo.is_active
      on conflict (user_id, day) do nothing
      returning user_id, day
    ),
    seen as (
      select t.user_id, a.id, a.severity, ${alarmTitle} as title, a.resolution_time is null as active,
        a.fault_time, ${rank} as r
      from takers t
        join users u on u.id = t.user_id
        join organizations uo on uo.id = u.organization_id
        join notify_preferences np on np.user_id = u.id
        join alarms a on a.fault_time >= (t.day::timestamp at time zone ${tz})
          and a.fault_time < ((t.day + 1)::timestamp at time zone ${tz})
        join rms_devices d on d.id = a.device_id
        cross join lateral (select ${projectOf} as project) pr
      where ${maySee(sql`d.organization_id`)}
        and ${follows({ severity: sql`a.severity`, organization: sql`d.organization_id`, project: sql`pr.project` })}
    )
    select t.user_id, u.email, t.day,
      (select json_object_agg(c.severity, c.n) from (
        select s.severity, count(*) as n from seen s where s.user_id = t.user_id group by s.severity) c) as counts,
      (select json_agg(json_build_object('id', l.id, 'severity', l.severity, 'title', l.title, 'active', l.active)
          order by l.r, l.fault_time)
        from (select * from seen s where s.user_id = t.user_id order by s.r, s.fault_time limit ${DIGEST_LIST}) l
      ) as alarms
    from takers t join users u on u.id = t.user_id`,
  );
  const sent: string[] = [];
  for (const row of rows) {
    const day = typeof row.day === 'string' ? row.day.slice(0, 10) : localDay(row.day);
    const counts = row.counts ?? {};
    const total = Object.values(counts).reduce((a, b) => a + Number(b), 0);
    const summary =
      total === 0
        ? 'No alarms you follow were raised.'
        : ALARM_SEVERITIES.filter((s) => counts[s])
            .map((s) => `${ALARM_SEVERITY_LABELS[s]}: ${counts[s]}`)
            .join(', ');
    const list = (row.alarms ?? []).flatMap((a) => [
      `${ALARM_SEVERITY_LABELS[a.severity]} · ${a.title}${a.active ? ' (still active)' : ''}`,
      `  ${alarmLink(deps, a.id)}`,
    ]);
    const lines = [
      `Alarms raised on ${day} (${tz}) that you follow: ${total}`,
      summary,
      '',
      ...list,
      ...(total > DIGEST_LIST
        ? [`… and ${total - DIGEST_LIST} more: ${deps.publicUrl}/alarms-view`, '']
        : []),
      '',
      `Change what you are told of: ${settingsLink(deps)}`,
    ];
    if (await send(deps, row.email, `RMS Console: daily alarm digest for ${day} (${total})`, lines))
      sent.push(row.email);
  }
  return sent;
}

/** A date column read as a Date (node-postgres) is local midnight of the server: its calendar day. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

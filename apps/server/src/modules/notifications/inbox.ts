import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFY_MESSAGES as M, type NotificationRow } from '@rms/contracts/notifications';
import type { NotificationEvent } from '@rms/contracts/events';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { userNotifications } from '../../db/schema/notifications';
import { alarms } from '../../db/schema/telemetry';
import { notFound } from '../../errors';
import { maySee } from './audience';

// A person's bell: their own in-app notifications, newest first, and marking them read. Every query
// names the caller: another person's notification answers 404, and so does one of an alarm the person
// may no longer see (as when it was made: audience.ts).

/**
 * The person may still see the notification's alarm (audience.ts): one who lost VIEW_DEVICE_DATA, or
 * whose alarm's device went to another organization, no longer reads of it in the bell.
 */
const stillSeen = sql`exists (select 1 from alarms a join rms_devices d on d.id = a.device_id,
  users u join organizations uo on uo.id = u.organization_id
  where a.id = ${userNotifications.alarmId} and u.id = ${userNotifications.userId}
    and ${maySee(sql`d.organization_id`)})`;

const mine = (auth: AuthUser) =>
  and(eq(userNotifications.userId, auth.id), eq(userNotifications.inApp, true), stillSeen);
const unread = isNull(userNotifications.readAt);

function rows(db: Db) {
  return db
    .select({
      id: userNotifications.id,
      kind: userNotifications.kind,
      title: userNotifications.title,
      alarm: userNotifications.alarmId,
      severity: alarms.severity,
      createdAt: userNotifications.createdAt,
      readAt: userNotifications.readAt,
    })
    .from(userNotifications)
    .innerJoin(alarms, eq(alarms.id, userNotifications.alarmId));
}
type Record = Awaited<ReturnType<ReturnType<typeof rows>['where']>>[number];

const toRow = (r: Record): NotificationRow => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  alarm: r.alarm,
  severity: r.severity,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt?.toISOString() ?? null,
});

export async function listNotifications(
  db: Db,
  auth: AuthUser,
  query: PageParams & { unread?: 'true' | 'false' | undefined },
) {
  const where = and(mine(auth), query.unread === 'true' ? unread : undefined);
  const { limit, offset } = pageWindow(query);
  const [found, [total]] = await Promise.all([
    rows(db).where(where).orderBy(desc(userNotifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(userNotifications).where(where),
  ]);
  return pageOf(query, found.map(toRow), total?.n ?? 0);
}

export async function unreadOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.inApp, true), unread, stillSeen));
  return row?.n ?? 0;
}

export async function markRead(db: Db, auth: AuthUser, id: number) {
  const [found] = await db
    .update(userNotifications)
    .set({ readAt: sql`coalesce(${userNotifications.readAt}, now())` })
    .where(and(eq(userNotifications.id, id), mine(auth)))
    .returning({ id: userNotifications.id });
  if (!found) throw notFound(M.notFound);
  return { detail: M.read, unread: await unreadOf(db, auth.id) };
}

export async function markAllRead(db: Db, auth: AuthUser) {
  const marked = await db
    .update(userNotifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(auth), unread))
    .returning({ id: userNotifications.id });
  return { detail: M.readAll(marked.length), unread: await unreadOf(db, auth.id) };
}

/** Notification `n` of person `u` (organization `uo`) is of an alarm they may still see. */
const seenBy = sql`exists (select 1 from alarms a join rms_devices d on d.id = a.device_id
  where a.id = n.alarm_id and ${maySee(sql`d.organization_id`)})`;

/** Each person's unread count and newest unread notification: the live `notification` message. */
export async function notificationEvents(
  db: Db,
  userIds: readonly number[],
  withNewest: boolean,
): Promise<{ userId: number; organizationId: number; data: NotificationEvent }[]> {
  if (userIds.length === 0) return [];
  const people = await rowsOf<{
    user_id: number;
    organization_id: number;
    unread: number;
    newest: string | number | null;
  }>(
    db,
    sql`
    select u.id as user_id, u.organization_id,
      (select count(*) from user_notifications n
        where n.user_id = u.id and n.in_app and n.read_at is null and ${seenBy})::int as unread,
      (select n.id from user_notifications n
        where n.user_id = u.id and n.in_app and n.read_at is null and ${seenBy}
        order by n.id desc limit 1) as newest
    from users u join organizations uo on uo.id = u.organization_id
    where u.id = any(${sql.param([...userIds])}::int[])`,
  );
  const newestIds = withNewest ? people.flatMap((p) => (p.newest === null ? [] : [Number(p.newest)])) : [];
  const newest = new Map<number, NotificationRow>();
  if (newestIds.length > 0) {
    const latest = await rows(db).where(
      sql`${userNotifications.id} = any(${sql.param(newestIds)}::bigint[])`,
    );
    for (const r of latest) newest.set(r.id, toRow(r));
  }
  return people.map((p) => ({
    userId: p.user_id,
    organizationId: p.organization_id,
    data: { unread: p.unread, newest: p.newest === null ? null : (newest.get(Number(p.newest)) ?? null) },
  }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyRecorded } from '../../telemetry/command-channel';

// A delivery's status follows its command (docs/schedule-delivery.md), synced by a periodic pass of
// two set-based statements, off the ingest path: pending/sent → pending; acknowledged → applied;
// failed → failed with the device's reason; timed out → retrying. A retrying plan is queued again as
// a new command (attempts + 1) once the device is heard from after the timeout, or RETRY_AFTER_MS
// after it anyway, carrying the same plan (its last command's payload); after MAX_ATTEMPTS sends
// without an answer it stays failed.

/** Sends of one plan without an answer before its delivery is failed for good (until the next plan). */
export const MAX_ATTEMPTS = 5;
/** A timed-out plan whose device stays silent is queued again after this long anyway. */
export const RETRY_AFTER_MS = 3_600_000;
export const GAVE_UP = `No answer after ${MAX_ATTEMPTS} attempts`;
export const NO_ANSWER = 'No answer from the device yet';

export interface SyncResult {
  /** Deliveries whose status changed. */
  updated: number;
  /** Plans queued again. */
  resent: number;
}

export async function syncDeliveries(db: Db, now = new Date()): Promise<SyncResult> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const updated = await rowsOf<{ device_id: number }>(
      tx,
      sql`update schedule_deliveries d set
            status = case
              when c.status = 'acknowledged' then 'applied'
              when c.status = 'failed' then 'failed'
              when d.attempts >= ${MAX_ATTEMPTS} then 'failed'
              else 'retrying' end,
            error = case
              when c.status = 'acknowledged' then null
              when c.status = 'failed' then coalesce(c.error, 'The device refused the plan')
              when d.attempts >= ${MAX_ATTEMPTS} then ${GAVE_UP}
              else ${NO_ANSWER} end,
            applied_at = case when c.status = 'acknowledged' then coalesce(c.finished_at, ${at}::timestamptz) else d.applied_at end,
            updated_at = ${at}::timestamptz
          from device_commands c
          where c.id = d.command_id and d.status in ('pending', 'retrying')
            and c.status in ('acknowledged', 'failed', 'timed_out')
            and not (d.status = 'retrying' and c.status = 'timed_out' and d.attempts < ${MAX_ATTEMPTS})
          returning d.device_id`,
    );
    // Retrying plans whose device was heard from after the timeout (or long enough ago): a new command.
    const due = await rowsOf<{ device_id: number; organization_id: number }>(
      tx,
      sql`select d.device_id, d.organization_id
          from schedule_deliveries d
          join device_commands c on c.id = d.command_id and c.status = 'timed_out'
          left join device_live_state l on l.device_id = d.device_id
          where d.status = 'retrying' and d.attempts < ${MAX_ATTEMPTS}
            and (l.last_seen_at > c.finished_at
                 or c.finished_at < ${at}::timestamptz - ${`${RETRY_AFTER_MS} milliseconds`}::interval)
          for update of d`,
    );
    if (due.length === 0) return { updated: updated.length, resent: 0 };
    const ids = sql`${sql.param(due.map((d) => d.device_id))}::int[]`;
    const commands = await rowsOf<{ id: number; device_id: number }>(
      tx,
      sql`insert into device_commands (device_id, organization_id, kind, payload)
          select d.device_id, d.organization_id, 'schedule', c.payload
          from schedule_deliveries d join device_commands c on c.id = d.command_id
          where d.device_id = any(${ids})
          returning id, device_id`,
    );
    await tx.execute(sql`
      update schedule_deliveries d set command_id = c.id, attempts = d.attempts + 1, updated_at = ${at}::timestamptz
      from unnest(${sql`${sql.param(commands.map((c) => c.device_id))}::int[]`},
                  ${sql`${sql.param(commands.map((c) => c.id))}::bigint[]`}) as c(device_id, id)
      where d.device_id = c.device_id`);
    await notifyRecorded(
      tx,
      commands.map((c) => ({ id: Number(c.id), deviceId: c.device_id })),
    );
    return { updated: updated.length, resent: commands.length };
  });
}

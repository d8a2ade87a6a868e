import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UplinkTopic } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// Counts the messages the server refuses, per device, with the last reason (table device_rejects), for
// the console and the device's reject notice. Refusals are gathered and written together: a device
// that sends nothing but bad messages costs one row update per write, not one per message, and since
// the broker reads no more from a connection until its message is handled (the caller waits for the
// write), such a device is slowed to the pace of the writes. A failed write (database away) keeps its
// counts for the next one and lets the callers go on: a refusal is never held for the count.

export interface Refusal {
  deviceId: number;
  topic: UplinkTopic | null;
  reason: string;
  at: Date;
}

interface Pending {
  count: number;
  firstAt: Date;
  lastAt: Date;
  topic: UplinkTopic | null;
  reason: string;
  /** Told the device's count once it is written (null when the write failed). */
  waiters: ((count: number | null) => void)[];
}

/** Wait before writing again after a failed write. */
const RETRY_MS = 1000;

export class RejectLog {
  private pending = new Map<number, Pending>();
  private writing = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Told which devices' counts moved, once written (the live channel). */
    private readonly written: (deviceIds: number[]) => void = () => {},
  ) {}

  /** Counts a refusal; resolves with the device's count once written (null if the write failed). */
  record(refusal: Refusal): Promise<number | null> {
    return new Promise((resolve) => {
      const entry = this.pending.get(refusal.deviceId);
      if (entry) {
        entry.count += 1;
        if (refusal.at < entry.firstAt) entry.firstAt = refusal.at;
        if (refusal.at >= entry.lastAt) {
          entry.lastAt = refusal.at;
          entry.topic = refusal.topic;
          entry.reason = refusal.reason;
        }
        entry.waiters.push(resolve);
      } else {
        this.pending.set(refusal.deviceId, {
          count: 1,
          firstAt: refusal.at,
          lastAt: refusal.at,
          topic: refusal.topic,
          reason: refusal.reason,
          waiters: [resolve],
        });
      }
      if (!this.writing && !this.retry) setImmediate(() => void this.write());
    });
  }

  /** Stops retrying; counts not written yet are lost (nobody waits for them). */
  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    for (const entry of this.pending.values()) for (const wake of entry.waiters) wake(null);
    this.pending.clear();
  }

  private async write(): Promise<void> {
    if (this.writing || this.pending.size === 0) return;
    this.writing = true;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const entries = [...batch.values()];
    let counts: Map<number, number> | null = null;
    try {
      const rows = await rowsOf<{ device_id: number; count: string | number }>(
        this.db,
        sql`
        insert into device_rejects as r (device_id, count, first_at, last_at, last_topic, last_reason)
        select u.device_id, u.count, u.first_at, u.last_at, u.topic, u.reason
        from unnest(
          ${sql.param(ids)}::int[], ${sql.param(entries.map((e) => e.count))}::bigint[],
          ${sql.param(entries.map((e) => e.firstAt.toISOString()))}::timestamptz[],
          ${sql.param(entries.map((e) => e.lastAt.toISOString()))}::timestamptz[],
          ${sql.param(entries.map((e) => e.topic))}::text[], ${sql.param(entries.map((e) => e.reason))}::text[]
        ) as u(device_id, count, first_at, last_at, topic, reason)
        join rms_devices d on d.id = u.device_id
        on conflict (device_id) do update set
          count = r.count + excluded.count,
          first_at = least(r.first_at, excluded.first_at),
          last_at = greatest(r.last_at, excluded.last_at),
          last_topic = case when excluded.last_at >= r.last_at then excluded.last_topic else r.last_topic end,
          last_reason = case when excluded.last_at >= r.last_at then excluded.last_reason else r.last_reason end
        returning device_id, count`,
      );
      counts = new Map(rows.map((r) => [Number(r.device_id), Number(r.count)]));
    } catch (error) {
      this.log.error({ err: error, devices: ids.length }, 'rejects: count not written, trying again');
      this.merge(batch);
    }
    this.writing = false;
    for (const [id, entry] of batch)
      for (const wake of entry.waiters.splice(0)) wake(counts?.get(id) ?? null);
    if (counts) this.written([...counts.keys()]);
    if (this.pending.size === 0) return;
    if (counts) {
      setImmediate(() => void this.write());
    } else {
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.write();
      }, RETRY_MS);
      this.retry.unref();
    }
  }

  /** Puts a batch that was not written back in front of what came meanwhile (its waiters are told). */
  private merge(batch: Map<number, Pending>): void {
    for (const [id, old] of batch) {
      const now = this.pending.get(id);
      if (!now) {
        this.pending.set(id, { ...old, waiters: [] });
        continue;
      }
      now.count += old.count;
      if (old.firstAt < now.firstAt) now.firstAt = old.firstAt;
      if (old.lastAt > now.lastAt) {
        now.lastAt = old.lastAt;
        now.topic = old.topic;
        now.reason = old.reason;
      }
    }
  }
}

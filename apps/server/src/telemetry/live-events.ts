import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ALARM_LABELS, type AlarmKind, type DeviceStatus } from '@rms/contracts/telemetry';
import type { CommandKind, CommandStatus } from '@rms/contracts/commands';
import type { LiveMessage } from '@rms/contracts/events';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { commandEvents } from './command-events';

// The live channel's publisher (GET /api/v1/events/). The device link reports what changed by id
// after its transaction commits (devices whose live state moved, alarms raised or resolved, commands
// whose status moved); this reads the committed rows, adds the organization that owns each device now,
// and hands the messages to the subscribers (the SSE route filters them by the caller's scope).
// A device that reports every second yields one `live` message per `throttleMs`, the last change of a
// burst always included. With PostgreSQL, messages go out through NOTIFY on one channel and every
// instance (this one too) hears them through LISTEN, so a console sees devices ingested anywhere;
// with PGlite they stay in this process.

/** A message and the organization whose users (and the provider's) may receive it. */
export interface RoutedMessage {
  organizationId: number;
  message: LiveMessage;
}

export interface LiveChanges {
  devices?: readonly number[];
  alarms?: readonly number[];
  commands?: readonly number[];
}

export interface LiveEventsOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** PostgreSQL: fan out through LISTEN/NOTIFY. */
  databaseUrl?: string;
  /** Least time between two `live` messages of one device. */
  throttleMs?: number;
}

const CHANNEL = 'rms_live';
/** NOTIFY payloads must stay under 8000 bytes. */
const NOTIFY_MAX_BYTES = 7500;
/** Commands are recorded inside their caller's transaction: read them once it has had time to commit. */
const RECORDED_READ_DELAYS_MS = [150, 1000];
/** Live state changes are gathered this long, so a busy ingest reads them in few queries. */
const GATHER_MS = 200;

export class LiveEvents {
  private readonly emitter = new EventEmitter<{ message: [RoutedMessage]; close: [] }>();
  private readonly throttleMs: number;
  private readonly lastSent = new Map<number, number>();
  private readonly dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private listener: pg.Client | null = null;
  private stopped = false;

  private readonly onRecorded = (_devices: number[], commandIds: number[]) => {
    for (const delay of RECORDED_READ_DELAYS_MS) {
      setTimeout(() => this.announceRecorded(commandIds), delay).unref();
    }
  };

  constructor(private readonly options: LiveEventsOptions) {
    this.emitter.setMaxListeners(0);
    this.throttleMs = options.throttleMs ?? 3000;
  }

  async start(): Promise<void> {
    commandEvents.on('recorded', this.onRecorded);
    // Without LISTEN this instance's consoles miss messages until it is back (it retries): serve anyway.
    if (this.options.databaseUrl) {
      await this.listen().catch((error: unknown) => {
        this.options.log.error({ err: error }, 'live events: LISTEN failed, retrying');
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    commandEvents.off('recorded', this.onRecorded);
    if (this.timer) clearTimeout(this.timer);
    this.emitter.emit('close');
    await this.listener?.end().catch(() => {});
  }

  /** Calls `listener` with every message until the returned function is called; `onClose` on shutdown. */
  subscribe(listener: (routed: RoutedMessage) => void, onClose: () => void): () => void {
    this.emitter.on('message', listener);
    this.emitter.on('close', onClose);
    return () => {
      this.emitter.off('message', listener);
      this.emitter.off('close', onClose);
    };
  }

  get subscribers(): number {
    return this.emitter.listenerCount('message');
  }

  /** With PGlite nobody else can hear: without a subscriber here there is nothing to read. */
  private anyoneListens(): boolean {
    return Boolean(this.options.databaseUrl) || this.subscribers > 0;
  }

  /** Reports committed changes; never throws (a lost live message only delays a screen's refresh). */
  changed(changes: LiveChanges): void {
    if (this.stopped || !this.anyoneListens()) return;
    if (changes.devices?.length) {
      for (const id of changes.devices) this.dirty.add(id);
      this.schedule(GATHER_MS);
    }
    if (changes.alarms?.length) void this.run(() => this.alarmMessages(changes.alarms!));
    if (changes.commands?.length) void this.run(() => this.commandMessages(changes.commands!));
  }

  // ---- live state, throttled per device

  /** Flushes in `delay` ms, or sooner when a flush is already due sooner. */
  private schedule(delay: number) {
    const at = Date.now() + delay;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, delay);
    this.timer.unref();
  }

  private flush() {
    const now = Date.now();
    const due: number[] = [];
    let wait = Infinity;
    for (const id of this.dirty) {
      const next = (this.lastSent.get(id) ?? 0) + this.throttleMs;
      if (next <= now) due.push(id);
      else wait = Math.min(wait, next - now);
    }
    for (const id of due) {
      this.dirty.delete(id);
      this.lastSent.set(id, now);
    }
    if (this.lastSent.size > 10_000) {
      for (const [id, at] of this.lastSent) if (at + this.throttleMs < now) this.lastSent.delete(id);
    }
    if (wait !== Infinity) this.schedule(Math.max(wait, GATHER_MS));
    if (due.length > 0) void this.run(() => this.deviceMessages(due));
  }

  // ---- reading the committed rows

  private async deviceMessages(ids: readonly number[]): Promise<RoutedMessage[]> {
    const rows = await rowsOf<{
      id: number;
      code: string;
      organization_id: number;
      status: DeviceStatus | null;
      last_ts: string | Date | null;
      sample: Record<string, number> | null;
    }>(
      this.options.db,
      sql`
      select d.id, d.device_id as code, d.organization_id, s.status, s.last_ts, s.sample
      from rms_devices d left join device_live_state s on s.device_id = d.id
      where d.id = any(${sql.param([...ids])}::int[])`,
    );
    return rows.map((r) => {
      const n = (name: string) => (typeof r.sample?.[name] === 'number' ? r.sample[name] : null);
      const pv = n('pv_v') !== null && n('pv_i') !== null ? n('pv_v')! * n('pv_i')! : null;
      return {
        organizationId: r.organization_id,
        message: {
          event: 'live',
          data: {
            device: r.id,
            device_id: r.code,
            status: r.status,
            last_update: r.last_ts ? new Date(r.last_ts).toISOString() : null,
            battery_voltage: n('bt_v'),
            soc: n('soc'),
            load_on: n('lo_sts') === null ? null : n('lo_sts') === 1,
            pv_power: pv,
            signal_strength: n('gsm_sig'),
          },
        },
      };
    });
  }

  private async alarmMessages(ids: readonly number[]): Promise<RoutedMessage[]> {
    const rows = await rowsOf<{
      id: number | string;
      device_id: number;
      code: string;
      organization_id: number;
      kind: AlarmKind;
      fault_code: string;
      fault_time: string | Date;
      resolution_time: string | Date | null;
    }>(
      this.options.db,
      sql`
      select a.id, a.device_id, d.device_id as code, d.organization_id, a.kind, a.fault_code, a.fault_time, a.resolution_time
      from alarms a join rms_devices d on d.id = a.device_id
      where a.id = any(${sql.param(ids.map(Number))}::bigint[])`,
    );
    return rows.map((a) => {
      const label = ALARM_LABELS[a.kind] ?? a.kind;
      return {
        organizationId: a.organization_id,
        message: {
          event: 'alarm',
          data: {
            id: Number(a.id),
            fault_type: a.kind === 'fault' && a.fault_code ? `${label} (${a.fault_code})` : label,
            fault_time: new Date(a.fault_time).toISOString(),
            resolution_time: a.resolution_time ? new Date(a.resolution_time).toISOString() : null,
            status: a.resolution_time ? 'Resolved' : 'Unresolved',
            device_data: { id: a.device_id, device_id: a.code },
          },
        },
      };
    });
  }

  private async commandMessages(ids: readonly number[]): Promise<RoutedMessage[]> {
    const rows = await rowsOf<{
      id: number | string;
      device_id: number;
      code: string;
      organization_id: number;
      kind: CommandKind;
      status: CommandStatus;
      error: string | null;
    }>(
      this.options.db,
      sql`
      select c.id, c.device_id, d.device_id as code, d.organization_id, c.kind, c.status, c.error
      from device_commands c join rms_devices d on d.id = c.device_id
      where c.id = any(${sql.param(ids.map(Number))}::bigint[])`,
    );
    return rows.map((c) => ({
      organizationId: c.organization_id,
      message: {
        event: 'command',
        data: {
          id: Number(c.id),
          device: c.device_id,
          device_id: c.code,
          kind: c.kind,
          status: c.status,
          error: c.error,
        },
      },
    }));
  }

  /**
   * Recorded commands, once visible (the nudge comes before the caller commits), with the status they
   * have by then (usually pending; sent already when the device was there to take it).
   */
  private readonly announced = new Set<number>();
  private announceRecorded(ids: number[]) {
    const fresh = ids.filter((id) => !this.announced.has(id));
    if (fresh.length === 0 || this.stopped || !this.anyoneListens()) return;
    void this.run(async () => {
      const messages = await this.commandMessages(fresh);
      for (const m of messages) {
        if (m.message.event !== 'command') continue;
        const id = m.message.data.id;
        this.announced.add(id);
        setTimeout(() => this.announced.delete(id), 5000).unref();
      }
      return messages;
    });
  }

  // ---- delivery

  private async run(read: () => Promise<RoutedMessage[]>): Promise<void> {
    try {
      const messages = await read();
      if (messages.length > 0 && !this.stopped) await this.deliver(messages);
    } catch (error) {
      if (!this.stopped) this.options.log.warn({ err: error }, 'live events: not delivered');
    }
  }

  private async deliver(messages: RoutedMessage[]): Promise<void> {
    if (!this.options.databaseUrl) {
      for (const m of messages) this.emitter.emit('message', m);
      return;
    }
    // One NOTIFY per chunk of messages under the payload limit.
    let chunk: string[] = [];
    let size = 2;
    const notify = async () => {
      if (chunk.length === 0) return;
      const payload = `[${chunk.join(',')}]`;
      chunk = [];
      size = 2;
      await this.options.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    };
    for (const m of messages) {
      const json = JSON.stringify(m);
      const bytes = Buffer.byteLength(json) + 1;
      if (bytes > NOTIFY_MAX_BYTES) continue;
      if (size + bytes > NOTIFY_MAX_BYTES) await notify();
      chunk.push(json);
      size += bytes;
    }
    await notify();
  }

  /** LISTEN on a connection of its own, opened again (after a second) whenever it is lost. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    let lost = false;
    const reopen = () => {
      if (lost || this.stopped) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      setTimeout(() => {
        if (this.stopped) return;
        this.listen().catch((error: unknown) => {
          this.options.log.warn({ err: error }, 'live events: LISTEN failed, retrying');
        });
      }, 1000).unref();
    };
    client.on('error', (error) => {
      this.options.log.warn({ err: error }, 'live events: LISTEN connection lost');
      reopen();
    });
    client.on('end', reopen);
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        for (const m of JSON.parse(n.payload) as RoutedMessage[]) this.emitter.emit('message', m);
      } catch (error) {
        this.options.log.warn({ err: error }, 'live events: bad NOTIFY payload');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reopen();
      throw error;
    }
    this.listener = client;
  }
}

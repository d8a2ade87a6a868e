import { isDataError } from '../db/sql-state';
import type { SampleRow } from './sample-row';

// Collects samples from every connection into batches and writes them in transactions. A submitter's
// promise settles only after its batch has committed: MQTT acknowledges a QoS 1 message and HTTP
// answers only then, so nothing a device was told is stored can be lost. A failed write (database
// gone) is retried with backoff, holding the submitters; when too much waits, new submissions wait
// for room, and since the broker reads no more from a connection whose messages are unsettled, a
// burst slows the devices down instead of filling memory. A batch the database refuses for its data
// (say, a device deleted meanwhile) is split until the offending rows are found and dropped, so one bad
// row cannot hold everything behind it; its submitter is told which of its rows were dropped, so that
// the device is refused, not told they were stored.
//
// Several writers (PostgreSQL) keep the database busy while the server prepares the next batch. Each
// writer owns a fixed share of the devices (device id modulo writers), so two transactions never
// touch the same device's samples, live state, harvest or alarms: no lost update of a day's harvest,
// no lock waits or deadlocks between writers, and each device's samples are still written in order.

export interface IngestQueueOptions {
  write(rows: SampleRow[]): Promise<{ stored: number }>;
  /** Rows per batch (one transaction). */
  maxBatchRows?: number;
  /** How long the first row of a batch may wait for others. */
  maxDelayMs?: number;
  /** Rows held in memory at most (waiting and being written); more submissions wait for room. */
  maxQueuedRows?: number;
  /** Transactions in flight at once, each for its own share of the devices (1 on PGlite). */
  writers?: number;
  /**
   * Which writer a device belongs to, given the writers: device id modulo writers unless told (an
   * ingest worker owning every n-th device spreads them by id / n, or one writer would get them all).
   */
  laneOf?: (deviceId: number, writers: number) => number;
  onError?(error: unknown, attempt: number): void;
}

/** How a submission settled: the indexes (in the submitted rows) of those the database refused. */
export interface Submitted {
  dropped: number[];
}

interface Pending {
  rows: SampleRow[];
  resolve(result: Submitted): void;
}

export interface IngestStats {
  batches: number;
  stored: number;
  duplicates: number;
  /** Rows the database refused for their data. */
  dropped: number;
  retries: number;
}

/** One writer: its waiting submissions and at most one transaction in flight. */
interface Lane {
  waiting: Pending[];
  waitingRows: number;
  timer: NodeJS.Timeout | null;
  writing: boolean;
}

export class IngestQueue {
  private readonly write: IngestQueueOptions['write'];
  private readonly maxBatchRows: number;
  private readonly maxDelayMs: number;
  private readonly maxQueuedRows: number;
  private readonly onError: NonNullable<IngestQueueOptions['onError']>;
  private readonly lanes: Lane[];
  private readonly laneOf: NonNullable<IngestQueueOptions['laneOf']>;
  private queuedRows = 0;
  private closed = false;
  private roomWaiters: (() => void)[] = [];
  readonly stats: IngestStats = { batches: 0, stored: 0, duplicates: 0, dropped: 0, retries: 0 };

  constructor(options: IngestQueueOptions) {
    this.write = options.write;
    this.maxBatchRows = options.maxBatchRows ?? 2000;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.maxQueuedRows = options.maxQueuedRows ?? 50_000;
    this.onError = options.onError ?? (() => {});
    this.laneOf = options.laneOf ?? ((deviceId, writers) => deviceId % writers);
    this.lanes = Array.from({ length: Math.max(1, options.writers ?? 1) }, () => ({
      waiting: [],
      waitingRows: 0,
      timer: null,
      writing: false,
    }));
  }

  /** Rows held now (waiting and being written). */
  get heldRows(): number {
    return this.queuedRows;
  }

  /**
   * Resolves once the rows are committed (or were already stored), naming those the database refused
   * for their data (dropped: not stored). The rows of one submission belong to one device (one message
   * or HTTP call).
   */
  async submit(rows: SampleRow[]): Promise<Submitted> {
    if (rows.length === 0) return { dropped: [] };
    if (this.closed) throw new Error('ingest is closed');
    await this.room();
    const lane = this.lanes[this.laneOf(rows[0]!.deviceId, this.lanes.length)]!;
    return new Promise<Submitted>((resolve) => {
      lane.waiting.push({ rows, resolve });
      lane.waitingRows += rows.length;
      this.queuedRows += rows.length;
      this.schedule(lane);
    });
  }

  /**
   * Resolves when the queue has room. Waiting here before a message is even parsed keeps a burst's
   * backlog as raw payloads (a few hundred bytes each) rather than parsed samples.
   */
  async room(): Promise<void> {
    while (this.queuedRows >= this.maxQueuedRows) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  /** Writes what waits and stops taking more. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.lanes.some((l) => l.writing || l.waiting.length > 0)) {
      for (const lane of this.lanes) if (!lane.writing) void this.flush(lane);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private schedule(lane: Lane): void {
    if (lane.writing) return;
    if (lane.waitingRows >= this.maxBatchRows) {
      void this.flush(lane);
    } else if (!lane.timer) {
      lane.timer = setTimeout(() => void this.flush(lane), this.maxDelayMs);
    }
  }

  /** Writes the rows, splitting a batch the database refuses for its data; adds the rows dropped to `dropped`. */
  private async writeIsolating(rows: SampleRow[], dropped: Set<SampleRow>): Promise<void> {
    try {
      const { stored } = await this.write(rows);
      this.stats.batches++;
      this.stats.stored += stored;
      this.stats.duplicates += rows.length - stored;
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (rows.length === 1) {
        this.stats.dropped++;
        dropped.add(rows[0]!);
        this.onError(error, 0);
        return;
      }
      const half = Math.ceil(rows.length / 2);
      await this.writeIsolating(rows.slice(0, half), dropped);
      await this.writeIsolating(rows.slice(half), dropped);
    }
  }

  private async flush(lane: Lane): Promise<void> {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    if (lane.writing || lane.waiting.length === 0) return;
    lane.writing = true;
    const batch: Pending[] = [];
    let count = 0;
    while (
      lane.waiting.length > 0 &&
      (count === 0 || count + lane.waiting[0]!.rows.length <= this.maxBatchRows)
    ) {
      const next = lane.waiting.shift()!;
      batch.push(next);
      count += next.rows.length;
    }
    lane.waitingRows -= count;
    const rows = batch.flatMap((p) => p.rows);
    const dropped = new Set<SampleRow>();
    for (let attempt = 1; ; attempt++) {
      try {
        // A retry writes the whole batch again: what it drops is found again.
        dropped.clear();
        await this.writeIsolating(rows, dropped);
        break;
      } catch (error) {
        this.stats.retries++;
        this.onError(error, attempt);
        await new Promise((r) => setTimeout(r, Math.min(5000, 50 * 2 ** Math.min(attempt, 7))));
      }
    }
    lane.writing = false;
    this.queuedRows -= count;
    for (const p of batch) {
      const indexes = dropped.size === 0 ? [] : p.rows.flatMap((r, i) => (dropped.has(r) ? [i] : []));
      p.resolve({ dropped: indexes });
    }
    for (const wake of this.roomWaiters.splice(0)) wake();
    if (lane.waiting.length > 0) this.schedule(lane);
  }
}

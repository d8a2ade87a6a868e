import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmRuleBook } from './alarm-rule-book';
import type { IngestStats } from './ingest-queue';
import type { CommittedBatch, FromMain, IngestWorkerData, TakeItem, ToMain } from './ingest-worker-messages';
import type { SampleRow } from './sample-row';
import type { TelemetryStorageSettings } from './storage/settings';
import type { IntakeResult, TelemetryIntake, TelemetryMessage } from './telemetry-intake';

// Ingest on every core (INGEST_WORKERS, PostgreSQL): the main thread keeps the broker — connections,
// MQTT parsing, sign-in, topic rights, PUBACKs, command delivery — and hands each telemetry payload to
// the worker thread that owns its device (device id modulo the worker count). The worker parses,
// validates, batches and commits (ingest-worker.ts) and answers; the main thread acknowledges then.
// So every guarantee of the single-threaded ingest holds as it was:
// - a PUBACK only after the commit (the promise of `take` settles on the worker's answer);
// - one device's messages go to one worker, and within it to one writer: never two transactions for
//   one device at once (no lost harvest update, no deadlock), and its samples in order;
// - the connections stay in one place, so commands, sessions and reconnects work as before.
// A worker that dies is started again; the messages it held are failed, so they are not acknowledged
// (the device sends them again), and what it had committed is skipped as already stored.
// Messages cross to the workers as text in one postMessage per worker and event-loop turn, and the
// answers come back the same way: a message costs the main thread little more than its MQTT handling.

export interface IngestWorkersOptions {
  count: number;
  databaseUrl: string;
  timeZone: string;
  /** Writer transactions over all the workers (at least one each). */
  writers: number;
  storage?: TelemetryStorageSettings;
  /** The main thread's rule book: its rules, and each reload, go to the workers. */
  rules?: AlarmRuleBook;
  log: FastifyBaseLogger;
  /** A batch committed on a worker: what changed, how long it took. */
  committed(batch: CommittedBatch): void;
  /** Messages held (sent to a worker, not answered) at most; more wait for room. */
  maxHeld?: number;
}

interface Waiting {
  resolve(result: IntakeResult): void;
  reject(error: Error): void;
}

/** One worker thread and what it holds. */
interface Slot {
  index: number;
  worker: Worker;
  /** False from its thread's end until the next one is started. */
  alive: boolean;
  outbox: TakeItem[];
  waiting: Map<number, Waiting>;
  /** The stats of this worker's earlier threads (it was started again), and of this one. */
  earlier: IngestStats;
  current: IngestStats;
}

const noStats = (): IngestStats => ({ batches: 0, stored: 0, duplicates: 0, dropped: 0, retries: 0 });
const addStats = (a: IngestStats, b: IngestStats): IngestStats => ({
  batches: a.batches + b.batches,
  stored: a.stored + b.stored,
  duplicates: a.duplicates + b.duplicates,
  dropped: a.dropped + b.dropped,
  retries: a.retries + b.retries,
});

/** How long to wait before starting a dead worker again. */
const RESTART_AFTER_MS = 500;

export class IngestWorkers implements TelemetryIntake {
  private readonly slots: Slot[];
  private readonly maxHeld: number;
  private seq = 0;
  private held = 0;
  private flushing = false;
  private closing = false;
  private roomWaiters: (() => void)[] = [];
  private readonly started: Promise<void>;

  constructor(private readonly options: IngestWorkersOptions) {
    this.maxHeld = options.maxHeld ?? 50_000;
    const ready: Promise<void>[] = [];
    this.slots = Array.from({ length: options.count }, (_, index) => {
      const slot: Slot = {
        index,
        worker: null as unknown as Worker,
        alive: false,
        outbox: [],
        waiting: new Map(),
        earlier: noStats(),
        current: noStats(),
      };
      ready.push(this.spawn(slot));
      return slot;
    });
    this.started = Promise.all(ready).then(() => undefined);
    // A rule changed: every worker judges by it from its next message on (posted in order).
    options.rules?.onReload((rules) => this.post({ type: 'rules', rules }));
  }

  /** Resolves once every worker has opened its database; rejects if one could not start. */
  ready(): Promise<void> {
    return this.started;
  }

  /** The worker threads (a test ends one to see a crash lose nothing acknowledged). */
  get threads(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  get stats(): IngestStats {
    return this.slots.reduce((sum, s) => addStats(sum, addStats(s.earlier, s.current)), noStats());
  }

  get heldRows(): number {
    return this.held;
  }

  async room(): Promise<void> {
    while (this.held >= this.maxHeld) await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
  }

  take(deviceId: number, message: TelemetryMessage, now: number): Promise<IntakeResult> {
    if (this.closing) return Promise.reject(new Error('ingest is closed'));
    const slot = this.slots[deviceId % this.slots.length]!;
    const seq = ++this.seq;
    // JSON already parsed (HTTP) crosses as text too: the worker parses it back.
    const text = 'text' in message ? message.text : JSON.stringify(message.json);
    slot.outbox.push([seq, deviceId, text ?? 'null', now]);
    this.schedule();
    return this.hold(slot, seq);
  }

  async submit(rows: SampleRow[]): Promise<void> {
    if (this.closing) throw new Error('ingest is closed');
    const shares = new Map<number, SampleRow[]>();
    for (const row of rows) {
      const index = row.deviceId % this.slots.length;
      const share = shares.get(index);
      if (share) share.push(row);
      else shares.set(index, [row]);
    }
    await Promise.all(
      [...shares].map(([index, share]) => {
        const slot = this.slots[index]!;
        if (!slot.alive) return Promise.reject(new Error(`ingest worker ${index} is starting again`));
        const seq = ++this.seq;
        slot.worker.postMessage({ type: 'rows', seq, rows: share } satisfies FromMain);
        return this.hold(slot, seq);
      }),
    );
  }

  /** Commits what the workers hold, then ends them. */
  async close(): Promise<void> {
    this.closing = true;
    this.flush();
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (!slot.alive) return resolve();
            slot.worker.once('exit', () => resolve());
            slot.worker.postMessage({ type: 'close' } satisfies FromMain);
          }),
      ),
    );
  }

  private hold(slot: Slot, seq: number): Promise<IntakeResult> {
    this.held++;
    return new Promise<IntakeResult>((resolve, reject) => slot.waiting.set(seq, { resolve, reject }));
  }

  private release(count: number): void {
    this.held -= count;
    if (count > 0) for (const wake of this.roomWaiters.splice(0)) wake();
  }

  private post(message: FromMain): void {
    for (const slot of this.slots) if (slot.alive) slot.worker.postMessage(message);
  }

  private schedule(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  /** This turn's messages, one postMessage per worker. */
  private flush(): void {
    this.flushing = false;
    for (const slot of this.slots) {
      if (slot.outbox.length === 0 || !slot.alive) continue;
      slot.worker.postMessage({ type: 'take', items: slot.outbox } satisfies FromMain);
      slot.outbox = [];
    }
  }

  private spawn(slot: Slot): Promise<void> {
    const { options } = this;
    const data: IngestWorkerData = {
      index: slot.index,
      count: options.count,
      databaseUrl: options.databaseUrl,
      timeZone: options.timeZone,
      writers: Math.max(1, Math.round(options.writers / options.count)),
      storage: options.storage,
      rules: options.rules ? options.rules.entries() : null,
    };
    const worker = startWorker(data);
    slot.worker = worker;
    slot.alive = true;
    let ready = false;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: ToMain) => {
        switch (message.type) {
          case 'ready':
            ready = true;
            resolve();
            break;
          case 'settled':
            this.settled(slot, message);
            break;
          case 'log':
            options.log.error({ err: message.err, worker: slot.index }, message.msg);
            break;
          case 'closed':
            break;
        }
      });
      worker.on('error', (error) => {
        options.log.error({ err: error, worker: slot.index }, 'ingest worker failed');
        if (!ready) reject(error);
      });
      worker.on('exit', (code) => {
        if (slot.worker !== worker) return;
        slot.alive = false;
        // Whatever it held was not committed as far as anyone was told: not acknowledged, sent again.
        const lost = [...slot.waiting.values()];
        slot.waiting.clear();
        slot.outbox = [];
        this.release(lost.length);
        for (const w of lost) w.reject(new Error(`ingest worker ${slot.index} stopped`));
        slot.earlier = addStats(slot.earlier, slot.current);
        slot.current = noStats();
        if (this.closing || !ready) return;
        options.log.error({ worker: slot.index, code }, 'ingest worker stopped; starting it again');
        setTimeout(() => {
          if (this.closing) return;
          this.spawn(slot).catch(() => {});
          // Messages queued for the dead thread meanwhile go to the new one.
          this.schedule();
        }, RESTART_AFTER_MS).unref();
      });
    });
  }

  private settled(slot: Slot, message: ToMain & { type: 'settled' }): void {
    slot.current = message.stats;
    // What changed first (the live channel), then the acknowledgements.
    for (const batch of message.batches) this.options.committed(batch);
    let settled = 0;
    for (const seq of message.done) {
      const w = slot.waiting.get(seq);
      if (!w) continue;
      slot.waiting.delete(seq);
      settled++;
      w.resolve({ ok: true });
    }
    for (const [seq, reason] of message.refused) {
      const w = slot.waiting.get(seq);
      if (!w) continue;
      slot.waiting.delete(seq);
      settled++;
      w.resolve({ ok: false, reason });
    }
    this.release(settled);
  }
}

/**
 * The worker thread: the built server's dist/ingest-worker.js beside this code, or, from the
 * TypeScript sources (development, tests), ingest-worker.ts through tsx's loader.
 */
function startWorker(workerData: IngestWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./ingest-worker.js', here), { workerData });
  const entry = new URL('./ingest-worker.ts', here).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData },
  );
}

import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DEVICE_STATUSES } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { BrokerStatus } from '../telemetry/broker';
import type { RecordJobRun } from './jobs';
import { watchTelemetryStorage, type WarnLog } from './telemetry-storage';

// Every metric of one app instance, in a registry of its own (tests build many apps in one process;
// prom-client's global registry would refuse the second). Counted as things happen: HTTP requests,
// batch commits, commands delivered, job runs. Read at scrape time, so the hot paths pay nothing: the
// ingest figures (the queue's and uplink's own counts), the queue's depth, the broker, the database pool,
// two cheap counts in the database (devices by live status, open commands: a partial index) and the
// telemetry storage's figures (telemetry-storage.ts: partitions, default partitions, sizes, rollup lag).

/** What the scrape reads, handed over once the services exist (createServices). */
export interface ScrapeSources {
  db: Db;
  ingest(): IngestFigures;
  broker(): BrokerStatus | null;
  /** The embedded broker (its clients are counted), or an external one. */
  embeddedBroker: boolean;
  /** node-postgres pool; null on PGlite (one connection, in the process: no pool series). */
  pool(): PoolFigures | null;
  /** Where a figure that could not be read is told (the scrape goes on without it). */
  log: WarnLog;
}

export interface IngestFigures {
  /** Uplink messages handed to ingest, by kind (telemetry, fault, ack), over MQTT and HTTP. */
  received: Record<string, number>;
  /** Messages refused (bad payload, topic, size). */
  rejected: number;
  /** Samples newly stored, already stored (a resend), refused by the database for their data. */
  committed: number;
  duplicate: number;
  dropped: number;
  /** Batch writes that failed and were tried again (the database away). */
  retries: number;
  /** Samples waiting or being written. */
  queuedRows: number;
}

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** Seconds: a request or a batch commit of a few ms up to the slow end of a big report. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'route' | 'method' | 'status'>;
  private readonly batchCommit: Histogram;
  private readonly delivered: Counter;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobSeconds: Histogram<'job'>;
  private sources: ScrapeSources | null = null;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'rms_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, and how long they took',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.batchCommit = new Histogram({
      name: 'rms_ingest_batch_commit_seconds',
      help: 'Time to write and commit one ingest batch (one transaction)',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.delivered = new Counter({
      name: 'rms_commands_delivered_total',
      help: 'Commands published to their devices by this instance (first deliveries and redeliveries)',
      registers,
    });
    this.jobRuns = new Counter({
      name: 'rms_job_runs_total',
      help: 'Runs of the periodic jobs, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobSeconds = new Histogram({
      name: 'rms_job_duration_seconds',
      help: 'How long each run of a periodic job took',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.defineScraped();
  }

  readonly observeRequest = (route: string, method: string, status: number, seconds: number): void => {
    this.http.observe({ route, method, status: String(status) }, seconds);
  };

  readonly batchCommitted = (seconds: number): void => this.batchCommit.observe(seconds);

  readonly commandDelivered = (): void => this.delivered.inc();

  readonly recordJobRun: RecordJobRun = (job, ok, seconds) => {
    this.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    this.jobSeconds.observe({ job }, seconds);
  };

  /** Where the scrape-time figures come from (the services, once built). Called once. */
  watch(sources: ScrapeSources): void {
    this.sources = sources;
    const registers = [this.registry];
    watchTelemetryStorage(this.registry, sources.db, sources.log);
    if (sources.embeddedBroker)
      new Gauge({
        name: 'rms_mqtt_clients',
        help: 'Clients connected to the embedded broker',
        registers,
        collect() {
          this.set(sources.broker()?.clients ?? 0);
        },
      });
    if (!sources.pool()) return;
    const pool = (name: string, help: string, read: (p: PoolFigures) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const figures = sources.pool();
          if (figures) this.set(read(figures));
        },
      });
    pool('rms_db_pool_connections', 'PostgreSQL pool: connections open', (p) => p.total);
    pool('rms_db_pool_idle_connections', 'PostgreSQL pool: connections open and idle', (p) => p.idle);
    pool(
      'rms_db_pool_waiting_queries',
      'PostgreSQL pool: queries waiting for a connection',
      (p) => p.waiting,
    );
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  private defineScraped(): void {
    const registers = [this.registry];
    // collect() runs with the metric as `this`: the sources are reached through these.
    const sources = () => this.sources;
    const ingest = () => sources()?.ingest();
    /** A counter whose value is a running total kept elsewhere (read at scrape time). */
    const total = (name: string, help: string, read: (f: IngestFigures) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          const figures = ingest();
          this.reset();
          if (figures) this.inc(read(figures));
        },
      });

    new Counter({
      name: 'rms_ingest_messages_received_total',
      help: 'Uplink messages handed to ingest (MQTT and HTTP), by kind: telemetry, fault, ack',
      labelNames: ['kind'],
      registers,
      collect() {
        const figures = ingest();
        this.reset();
        for (const [kind, count] of Object.entries(figures?.received ?? {})) this.inc({ kind }, count);
      },
    });
    total(
      'rms_ingest_messages_rejected_total',
      'Uplink messages refused (payload, topic, size)',
      (f) => f.rejected,
    );
    total('rms_ingest_samples_committed_total', 'Samples newly stored (committed)', (f) => f.committed);
    total(
      'rms_ingest_samples_duplicate_total',
      'Samples already stored (a device sending again what it had no acknowledgement for)',
      (f) => f.duplicate,
    );
    total(
      'rms_ingest_samples_dropped_total',
      'Samples the database refused for their data',
      (f) => f.dropped,
    );
    total(
      'rms_ingest_write_retries_total',
      'Batch writes that failed and were tried again',
      (f) => f.retries,
    );
    new Gauge({
      name: 'rms_ingest_queue_rows',
      help: 'Samples waiting in the ingest queue or being written',
      registers,
      collect() {
        this.set(ingest()?.queuedRows ?? 0);
      },
    });

    new Gauge({
      name: 'rms_mqtt_broker_connected',
      help: 'The broker: 1 when the embedded one listens, or every connection to the external one is up',
      registers,
      collect() {
        this.set(sources()?.broker()?.connected ? 1 : 0);
      },
    });

    // Read from the database at scrape time; a failed read leaves the series out of this scrape.
    new Gauge({
      name: 'rms_devices',
      help: 'Devices by live status (Online, Offline, On Error): those that have reported at least once',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        const db = sources()?.db;
        if (!db) return;
        const rows = await rowsOf<{ status: string; count: number }>(
          db,
          sql`select status, count(*)::int as count from device_live_state group by status`,
        ).catch(() => null);
        if (!rows) return;
        for (const status of DEVICE_STATUSES)
          this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      },
    });
    new Gauge({
      name: 'rms_commands_open',
      help: 'Commands not finished: pending (waiting for their device) and sent (waiting for its answer)',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        const db = sources()?.db;
        if (!db) return;
        const rows = await rowsOf<{ status: string; count: number }>(
          db,
          sql`select status, count(*)::int as count from device_commands
              where status in ('pending', 'sent') group by status`,
        ).catch(() => null);
        if (!rows) return;
        for (const status of ['pending', 'sent'])
          this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      },
    });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import type { JobScheduler, ScheduledJob } from '../jobs/job-runner';
import { recordNothing, timedJob, type RecordJobRun } from '../metrics';
import type { BrokerStatus } from './broker';
import { CommandDispatcher, type Publisher } from './command-dispatcher';
import { dayResolver } from './day-of';
import type { TlsPem } from '../tls-files';
import type { BrokerTls } from './broker-tls';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { connectExternalBroker, type ExternalBroker } from './external-broker';
import { devicesOutsideGrammar } from './device-keys';
import { IngestQueue } from './ingest-queue';
import { IngestWorkers } from './ingest-workers';
import { LocalIntake, type TelemetryIntake } from './telemetry-intake';
import type { MqttLimits } from './mqtt-limits';
import type { LiveChanges } from './live-events';
import { RejectLog } from './reject-log';
import type { AlarmRuleBook } from './alarm-rule-book';
import { judgePanels } from './panel-low';
import { markOffline, raiseNoCharge } from './sweeper';
import { maintainTelemetryPartitions, maintainTelemetryStorage } from './storage/maintenance';
import { samplesKeptSince, type TelemetryStorageSettings } from './storage/settings';
import { rejectTopic } from './topics';
import { Uplink } from './uplink';
import { writeBatch } from './write-batch';

// The device link as one service: ingest queue, uplink handling, the broker (embedded Aedes on
// MQTT_PORT, or an external one at MQTT_URL), command delivery and the periodic checks. The periodic
// checks run as jobs of the app's runner (jobs/job-runner.ts): once per period across the instances.

export interface DeviceLinkOptions {
  db: Db;
  log: FastifyBaseLogger;
  timeZone: string;
  /** Embedded broker's plain MQTT port (0: any free port; null: off); ignored with `mqttUrl`. */
  mqttPort: number | null;
  mqttHost?: string;
  /** Embedded broker over TLS: the certificate and the MQTTS and WSS ports (0: any; null: off). */
  mqttTls?: { context: BrokerTls; mqttsPort: number | null; wssPort: number | null };
  mqttUrl?: string;
  /** With `mqttUrl` on TLS: the CA to trust and the server's client certificate and key. */
  mqttClientTls?: TlsPem;
  /** With `mqttUrl`: the shared-subscription group, client id prefix and session expiry (tests). */
  external?: { group?: string; clientIdPrefix?: string; sessionExpirySeconds?: number };
  /** Ingest transactions in flight at once (see IngestQueue); 1 by default. */
  writers?: number;
  /**
   * Ingest worker threads (INGEST_WORKERS, ingest-workers.ts): with more than one, and the PostgreSQL
   * URL they open their own connections with, telemetry is parsed, validated and written on them, each
   * owning a share of the devices; `writers` is then spread over them. Otherwise in this thread.
   */
  ingestWorkers?: { count: number; databaseUrl: string };
  /** Runs the periodic jobs below; without it there are none (tests call `sweep`). */
  jobs?: JobScheduler;
  /** Run the periodic checks (offline, no charge, command timeouts); 0 turns them off. */
  sweepEveryMs?: number;
  /** The alarm rules ingest and the periodic checks judge by; without it, the defaults. */
  rules?: AlarmRuleBook;
  /** Commit notifications: commands are delivered as their recording commits (see command-dispatcher.ts). */
  listener?: Listener;
  /** Look for pending commands of connected devices (the backstop); 0 turns it off. */
  commandPassEveryMs?: number;
  /** Told what changed once it is committed (the live channel). */
  changed?: (changes: LiveChanges) => void;
  /** Connection and packet limits of the embedded broker (defaults in mqtt-limits.ts). */
  mqttLimits?: Partial<MqttLimits>;
  /** Told how long each batch commit took, of each command published and of each periodic job's run. */
  metrics?: LinkMetrics;
  /**
   * How long telemetry is kept (TELEMETRY_RETENTION_DAYS ...): older samples are refused, and the
   * storage maintenance runs as a job every `maintenanceEveryMs` (0: never by the runner). Without it,
   * neither.
   */
  storage?: { settings: TelemetryStorageSettings; maintenanceEveryMs?: number };
}

export interface LinkMetrics {
  batchCommitted(seconds: number): void;
  commandDelivered(): void;
  recordJobRun: RecordJobRun;
}

/** How often the telemetry storage maintenance runs (partitions, rollups, retention). */
export const MAINTENANCE_EVERY_MS = 5 * 60_000;

export class DeviceLink {
  /** Where telemetry goes: in this thread, or to the ingest workers. */
  readonly queue: TelemetryIntake;
  readonly uplink: Uplink;
  readonly rejects: RejectLog;
  private broker: EmbeddedBroker | ExternalBroker | null = null;
  private publisher: Publisher | null = null;
  private dispatcher: CommandDispatcher | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private scheduled: ScheduledJob[] = [];
  private maintaining: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly options: DeviceLinkOptions) {
    const dayOf = dayResolver(options.timeZone);
    const changed = options.changed ?? (() => {});
    const storage = options.storage?.settings;
    const workers = options.ingestWorkers;
    if (workers && workers.count > 1) {
      this.queue = new IngestWorkers({
        count: workers.count,
        databaseUrl: workers.databaseUrl,
        timeZone: options.timeZone,
        writers: options.writers ?? 1,
        storage,
        rules: options.rules,
        log: options.log,
        committed: (batch) => {
          options.metrics?.batchCommitted(batch.seconds);
          changed({ devices: batch.devices, alarms: batch.alarms });
        },
      });
    } else {
      const queue = new IngestQueue({
        write: async (rows) => {
          const started = performance.now();
          const result = await writeBatch(options.db, rows, dayOf, new Date(), options.rules);
          options.metrics?.batchCommitted((performance.now() - started) / 1000);
          changed(result);
          return result;
        },
        writers: options.writers,
        onError: (error, attempt) =>
          options.log.error(
            { err: error, attempt },
            attempt === 0 ? 'ingest: row dropped' : 'ingest: write failed, retrying',
          ),
      });
      this.queue = new LocalIntake(
        queue,
        storage && { days: storage.retentionDays, since: (now) => samplesKeptSince(storage, now) },
      );
    }
    this.rejects = new RejectLog(options.db, options.log, (devices) => changed({ devices }));
    this.uplink = new Uplink(options.db, this.queue, changed, {
      rejects: this.rejects,
      // The notice of a refused message, for a device that listens (QoS 0: it is not kept for later).
      notify: (device, notice) => {
        this.publisher
          ?.publish(rejectTopic(device.code), JSON.stringify(notice), 0)
          .catch((error: unknown) => {
            options.log.warn({ err: error, device: device.code }, 'rejects: notice not published');
          });
      },
    });
  }

  /** The embedded broker's plain MQTT port, when it runs and that listener is on. */
  get mqttPort(): number | null {
    return this.broker && 'port' in this.broker ? this.broker.port : null;
  }

  /** The broker's state (readiness, metrics); null before `start`. */
  brokerStatus(): BrokerStatus | null {
    return this.broker?.status() ?? null;
  }

  /** The start of a stop: no new device connections; `stop` drains the rest. */
  stopAccepting(): void {
    this.broker?.stopAccepting();
  }

  /** The embedded broker's ports (null: off), when it runs. */
  get brokerPorts(): EmbeddedBroker['ports'] | null {
    return this.broker && 'ports' in this.broker ? this.broker.ports : null;
  }

  async start(): Promise<void> {
    const { db, log } = this.options;
    // The ingest workers have their database connections before the first message comes.
    if (this.queue instanceof IngestWorkers) await this.queue.ready();
    // The kept days' partitions exist before the first sample arrives.
    if (this.options.storage)
      await maintainTelemetryPartitions(db, new Date(), this.options.storage.settings);
    const refused = await devicesOutsideGrammar(db);
    if (refused.length > 0)
      log.warn(
        { devices: refused },
        `device link: ${refused.length} RMS ID(s) break the id grammar (letters, digits, '.', '_', '-'; at most 64) and cannot connect until renamed: ${refused.map((c) => JSON.stringify(c)).join(', ')}`,
      );
    let publisher: Publisher;
    if (this.options.mqttUrl) {
      const external = await connectExternalBroker({
        ...this.options.external,
        url: this.options.mqttUrl,
        tls: this.options.mqttClientTls,
        db,
        uplink: this.uplink,
        log,
      });
      this.broker = external;
      publisher = external;
    } else {
      const embedded = await startEmbeddedBroker({
        db,
        uplink: this.uplink,
        log,
        port: this.options.mqttPort,
        host: this.options.mqttHost,
        tls: this.options.mqttTls,
        limits: this.options.mqttLimits,
        onDeviceReady: (device) => void this.dispatcher?.deliver(device.id),
      });
      this.broker = embedded;
      publisher = {
        connected: embedded.connected,
        publish: (topic, payload, qos = 1) =>
          new Promise((resolve, reject) =>
            embedded.aedes.publish(
              { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
              (error) => (error ? reject(error) : resolve()),
            ),
          ),
      };
    }
    this.publisher = publisher;
    this.dispatcher = new CommandDispatcher(db, this.counting(publisher), log, this.options.changed);
    if (this.options.listener) this.unlisten = await this.dispatcher.wakeOnCommit(this.options.listener);
    const jobs = this.options.jobs;
    const every = this.options.sweepEveryMs ?? 30_000;
    if (jobs && every > 0)
      this.scheduled.push(
        jobs.add({
          name: 'device-link.sweep',
          everyMs: every,
          // Not the moment the link starts: devices reconnect and the broker's backlog drains first, so
          // a restart after an outage does not mark every device offline.
          firstTryAfterMs: every,
          run: () => this.check(new Date()),
        }),
      );
    const storage = this.options.storage;
    const maintenanceEvery = storage?.maintenanceEveryMs ?? MAINTENANCE_EVERY_MS;
    if (jobs && storage && maintenanceEvery > 0)
      this.scheduled.push(
        jobs.add({
          name: 'telemetry.maintenance',
          everyMs: maintenanceEvery,
          run: () => timedJob(this.recordJobRun, 'telemetry_maintenance', () => this.maintain()),
        }),
      );
    const pass = this.options.commandPassEveryMs ?? 2000;
    if (jobs && pass > 0) {
      const dispatcher = this.dispatcher;
      this.scheduled.push(
        jobs.add({
          name: 'commands.redeliver',
          everyMs: pass,
          // Through an external broker any instance reaches every device: one pass for all of them.
          // The embedded broker's devices are connected to this instance only: it looks for its own.
          scope: this.options.mqttUrl ? 'cluster' : 'instance',
          run: () => timedJob(this.recordJobRun, 'command_redelivery', () => dispatcher.deliverWaiting()),
        }),
      );
    }
  }

  /**
   * Ends the devices' connections to the embedded broker of this process (their keys were replaced, so
   * they must sign in again with the new one). An external broker checks device keys itself.
   */
  disconnect(deviceIds: Iterable<number>): void {
    if (this.broker && 'disconnect' in this.broker) this.broker.disconnect(deviceIds);
  }

  /** The periodic checks, at `now` (tests); failures are logged. */
  async sweep(now = new Date()): Promise<void> {
    try {
      await this.check(now);
    } catch (error) {
      this.options.log.error({ err: error }, 'device link: periodic check failed');
    }
  }

  /** Devices gone silent, days without charge, commands that waited too long; counted in the metrics. */
  private check(now: Date): Promise<void> {
    return timedJob(this.recordJobRun, 'offline_sweep', async () => {
      const { db, timeZone } = this.options;
      const changed = this.options.changed ?? (() => {});
      const rules = this.options.rules;
      changed(await markOffline(db, now.getTime(), rules));
      changed(await raiseNoCharge(db, timeZone, now.getTime(), rules));
      changed(await judgePanels(db, rules, now.getTime()));
      await this.dispatcher?.expire(now.getTime());
    });
  }

  // ---- Periodic telemetry storage maintenance (telemetry/storage/maintenance.ts): partitions ahead,
  // rollups of closed hours, retention; a job of the runner, so one instance runs each pass.

  /** One storage maintenance pass from now (after the one under way). Never throws: it logs. */
  maintainStorage(): Promise<void> {
    return this.maintain().catch((error: unknown) =>
      this.options.log.error({ err: error }, 'telemetry storage: maintenance failed'),
    );
  }

  /** One pass after the one under way; rejects when it failed (the job runner records it). */
  private maintain(): Promise<void> {
    const storage = this.options.storage;
    if (!storage || this.stopping) return Promise.resolve();
    if (this.maintaining)
      return this.maintaining.then(
        () => this.maintain(),
        () => this.maintain(),
      );
    const { db, log, timeZone } = this.options;
    this.maintaining = maintainTelemetryStorage(
      db,
      new Date(),
      timeZone,
      storage.settings,
      () => this.stopping,
    )
      .then((result) => {
        if (
          result.created.length ||
          result.dropped.length ||
          result.packed.length ||
          result.clustered.length ||
          result.cleared ||
          result.corrected
        )
          log.info(result, 'telemetry storage: maintained');
      })
      .finally(() => {
        this.maintaining = null;
      });
    return this.maintaining;
  }

  /**
   * Stops: the jobs and command delivery first; then the broker takes no new connections or messages,
   * and the messages it took are committed and acknowledged before its connections end (acknowledged
   * means committed, at a stop too); then the queue (HTTP ingest has ended before: the HTTP server
   * closes first).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.scheduled.splice(0).map((job) => job.remove()));
    await this.maintaining?.catch(() => {});
    await this.unlisten?.();
    this.dispatcher?.stop();
    await this.broker?.close();
    await this.queue.close();
    this.rejects.close();
  }

  private get recordJobRun(): RecordJobRun {
    return this.options.metrics?.recordJobRun ?? recordNothing;
  }

  /** The dispatcher's publisher, counting the commands it publishes. */
  private counting(publisher: Publisher): Publisher {
    const metrics = this.options.metrics;
    if (!metrics) return publisher;
    return {
      connected: (deviceId) => publisher.connected(deviceId),
      publish: async (topic, payload, qos) => {
        await publisher.publish(topic, payload, qos);
        metrics.commandDelivered();
      },
    };
  }
}

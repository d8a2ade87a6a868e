import type { FastifyBaseLogger } from 'fastify';
import { localHour, today } from '../calendar';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import { CommandDispatcher, type Publisher } from './command-dispatcher';
import { dayResolver } from './day-of';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { connectExternalBroker, type ExternalBroker } from './external-broker';
import { devicesOutsideGrammar } from './device-keys';
import { IngestQueue } from './ingest-queue';
import type { MqttLimits } from './mqtt-limits';
import type { LiveChanges } from './live-events';
import { RejectLog } from './reject-log';
import { markOffline, raiseNoCharge } from './sweeper';
import { maintainTelemetryPartitions, maintainTelemetryStorage } from './storage/maintenance';
import { samplesKeptSince, type TelemetryStorageSettings } from './storage/settings';
import { rejectTopic } from './topics';
import { Uplink } from './uplink';
import { writeBatch } from './write-batch';

// The device link as one service: ingest queue, uplink handling, the broker (embedded Aedes on
// MQTT_PORT, or an external one at MQTT_URL), command delivery and the periodic checks.

export interface DeviceLinkOptions {
  db: Db;
  log: FastifyBaseLogger;
  timeZone: string;
  /** Embedded broker port (0: any free port); ignored with `mqttUrl`. */
  mqttPort: number;
  mqttHost?: string;
  mqttUrl?: string;
  /** With `mqttUrl`: the shared-subscription group, client id prefix and session expiry (tests). */
  external?: { group?: string; clientIdPrefix?: string; sessionExpirySeconds?: number };
  /** Ingest transactions in flight at once (see IngestQueue); 1 by default. */
  writers?: number;
  /** Run the periodic checks (offline, no charge, command timeouts); 0 turns them off. */
  sweepEveryMs?: number;
  /** Commit notifications: commands are delivered as their recording commits (see command-dispatcher.ts). */
  listener?: Listener;
  /** Look for pending commands of connected devices (the backstop); 0 turns it off. */
  commandPassEveryMs?: number;
  /** Told what changed once it is committed (the live channel). */
  changed?: (changes: LiveChanges) => void;
  /** Connection and packet limits of the embedded broker (defaults in mqtt-limits.ts). */
  mqttLimits?: Partial<MqttLimits>;
  /**
   * How long telemetry is kept (TELEMETRY_RETENTION_DAYS ...): older samples are refused, and the
   * storage maintenance runs every `maintenanceEveryMs` (0: never on a timer). Without it, neither.
   */
  storage?: { settings: TelemetryStorageSettings; maintenanceEveryMs?: number };
}

/** How often the telemetry storage maintenance runs (partitions, rollups, retention). */
export const MAINTENANCE_EVERY_MS = 5 * 60_000;

export class DeviceLink {
  readonly queue: IngestQueue;
  readonly uplink: Uplink;
  readonly rejects: RejectLog;
  private broker: EmbeddedBroker | ExternalBroker | null = null;
  private publisher: Publisher | null = null;
  private dispatcher: CommandDispatcher | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private maintaining: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly options: DeviceLinkOptions) {
    const dayOf = dayResolver(options.timeZone);
    const changed = options.changed ?? (() => {});
    this.queue = new IngestQueue({
      write: async (rows) => {
        const result = await writeBatch(options.db, rows, dayOf);
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
    this.rejects = new RejectLog(options.db, options.log, (devices) => changed({ devices }));
    const storage = options.storage?.settings;
    this.uplink = new Uplink(options.db, this.queue, changed, {
      rejects: this.rejects,
      retention: storage && {
        days: storage.retentionDays,
        since: (now) => samplesKeptSince(storage, now),
      },
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

  /** The embedded broker's port, when it runs. */
  get mqttPort(): number | null {
    return this.broker && 'port' in this.broker ? this.broker.port : null;
  }

  async start(): Promise<void> {
    const { db, log } = this.options;
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
    this.dispatcher = new CommandDispatcher(db, publisher, log, this.options.changed);
    if (this.options.listener) this.unlisten = await this.dispatcher.wakeOnCommit(this.options.listener);
    const every = this.options.sweepEveryMs ?? 30_000;
    if (every > 0) this.timers.push(setInterval(() => void this.sweep(), every));
    this.scheduleMaintenance();
    const pass = this.options.commandPassEveryMs ?? 2000;
    if (pass > 0) {
      this.timers.push(
        setInterval(() => {
          this.dispatcher?.deliverWaiting().catch((error: unknown) => {
            log.error({ err: error }, 'commands: periodic pass failed');
          });
        }, pass),
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

  /** The periodic checks; also callable from tests. */
  async sweep(now = new Date()): Promise<void> {
    const { db, log, timeZone } = this.options;
    try {
      const changed = this.options.changed ?? (() => {});
      changed(await markOffline(db, now.getTime()));
      changed(await raiseNoCharge(db, today(timeZone, now), localHour(timeZone, now), now.getTime()));
      await this.dispatcher?.expire(now.getTime());
    } catch (error) {
      log.error({ err: error }, 'device link: periodic check failed');
    }
  }

  // ---- Periodic telemetry storage maintenance (telemetry/storage/maintenance.ts): partitions ahead,
  // rollups of closed hours, retention. The one place it is scheduled: a job runner that runs it once
  // across instances replaces this timer with a job calling `maintainTelemetryStorage`.
  private scheduleMaintenance(): void {
    const storage = this.options.storage;
    const every = storage?.maintenanceEveryMs ?? MAINTENANCE_EVERY_MS;
    if (!storage || every <= 0) return;
    void this.maintainStorage();
    // A pass still under way when the next is due is left to finish; that tick is dropped.
    this.timers.push(
      setInterval(() => {
        if (!this.maintaining) void this.maintainStorage();
      }, every),
    );
  }

  /** One storage maintenance pass from now (after the one under way). Never throws: it logs. */
  maintainStorage(): Promise<void> {
    const storage = this.options.storage;
    if (!storage || this.stopping) return Promise.resolve();
    if (this.maintaining) return this.maintaining.then(() => this.maintainStorage());
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
          result.cleared ||
          result.corrected
        )
          log.info(result, 'telemetry storage: maintained');
      })
      .catch((error: unknown) => log.error({ err: error }, 'telemetry storage: maintenance failed'))
      .finally(() => {
        this.maintaining = null;
      });
    return this.maintaining;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    await this.maintaining;
    await this.unlisten?.();
    this.dispatcher?.stop();
    await this.broker?.close();
    await this.queue.close();
    this.rejects.close();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { MqttDevice } from '@rms/simulator/mqtt-device';
import { ReportScheduler } from '@rms/simulator/scheduler';
import type { Db } from '../db/client';
import { replan } from '../modules/plans';
import { dayResolver, nextMidnight } from '../telemetry/day-of';
import type { TelemetryIntake } from '../telemetry/telemetry-intake';
import { storeHistory } from '../telemetry/storage/history';
import { seedAlarmWorkflow } from './alarm-history';
import { backfill, type HistorySink } from './backfill';
import { loadDemoDevices, type DemoDevice } from './demo-devices';
import { DEMO_HISTORY_DAYS } from './demo-fleet';
import { firstOfPreviousMonth, keepNightPlans, nightsByDevice, planDemoNights } from './demo-plans';
import { findDemoOrganization } from './seed-demo';
import { seedWorkOrders } from './work-order-history';

// Runs the demo fleet in the server's process: first the history the devices missed (DEMO_HISTORY_DAYS,
// 90 by default, on the first start; the gap since the last run after a restart) straight into the
// ingest queue (days older than samples are kept: as their rollups and daily harvest), then every
// device live over MQTT to the broker with its own key, a sample every 5 minutes, answering commands.
// Some devices carry injected faults (demo-faults.ts) that raise real alarms, and after the first
// history the people of the demo customer have handled some of the older ones (alarm-history.ts) and
// made work orders of a few (work-order-history.ts).

/** The demo's zone when the runner is given no storage settings (tests): the demo fleet's. */
const DEMO_TIME_ZONE = 'Asia/Kolkata';

function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * The live demo fleet gets its plans from tonight on the normal way: plan delivery (modules/plans)
 * computes each scheduled device's nights and sends them as `schedule` commands over the device link,
 * which the simulated devices follow (tools/simulator plan.ts) and acknowledge, so the schedules'
 * Delivery tab shows them applied. The history before tonight was written following the same plans
 * (followSchedules).
 */
export async function sendDemoPlans(db: Db, organizationId: number, timeZone: string): Promise<void> {
  await replan({ db, timeZone }, { organizationId });
}

export interface DemoOptions {
  db: Db;
  queue: TelemetryIntake;
  log: FastifyBaseLogger;
  /** The broker the devices connect to. */
  mqttUrl: string;
  periodMs?: number;
  historyDays?: number;
  /** Samples older than `samplesKeptSince(now)` are written as rollups (TIME_ZONE's days). */
  storage?: { timeZone: string; samplesKeptSince: (now: number) => number };
  /** When the fault plan (demo-faults.ts) counts from: the demo's seeding unless given (tests). */
  faultPlanAt?: number;
  /** Runs once the history is written (the storage maintenance, tidying the embedded database). */
  afterHistory?: () => Promise<void>;
}

export class DemoRunner {
  private stopped = false;
  private devices: MqttDevice[] = [];
  private scheduler: ReportScheduler | null = null;
  readonly done: Promise<void>;

  constructor(private readonly options: DemoOptions) {
    this.done = this.run().catch((error) => {
      if (!this.stopped) options.log.error({ err: error }, 'demo: stopped by an error');
    });
  }

  private async run(): Promise<void> {
    const { db, queue, log, periodMs = 5 * 60_000, historyDays = DEMO_HISTORY_DAYS } = this.options;
    const organizationId = await findDemoOrganization(db);
    if (organizationId === null) return;
    const devices = await loadDemoDevices(db, organizationId, this.options.faultPlanAt);
    if (devices.length === 0) return;
    const now = Date.now();
    const fromMs = now - historyDays * 86_400_000;
    const behind = devices.filter((d) => (d.lastTs ?? 0) < now - periodMs);
    await this.followSchedules(organizationId, devices, fromMs, now);
    if (behind.length > 0) {
      const oldest = Math.max(fromMs, Math.min(...behind.map((d) => d.lastTs ?? 0)));
      const started = Date.now();
      log.info(
        { devices: behind.length, days: Math.ceil((now - oldest) / 86_400_000) },
        'demo: writing history',
      );
      const { samples } = await backfill(queue, behind, {
        fromMs: oldest,
        toMs: now,
        log,
        stopped: () => this.stopped,
        history: this.historySink(now),
      });
      log.info({ samples, seconds: Math.round((Date.now() - started) / 1000) }, 'demo: history written');
      if (this.stopped) return;
      // The people's handling of the older alarms, once (a later start finds it written).
      const handled = await seedAlarmWorkflow(db, organizationId);
      if (handled > 0) log.info({ alarms: handled }, 'demo: alarm workflow history written');
      // And the work orders made from some of them, once. Neither is news for the people's bells.
      const orders = await seedWorkOrders(db, organizationId);
      if (orders > 0) log.info({ orders }, 'demo: work order history written');
      if (!this.stopped) await this.options.afterHistory?.();
    }
    if (this.stopped) return;
    for (const d of devices) {
      const device = new MqttDevice({
        url: this.options.mqttUrl,
        code: d.code,
        key: d.key,
        sim: d.sim,
        onError: (error) => log.debug({ err: error, device: d.code }, 'demo: device error'),
        onReject: (notice) =>
          log.warn({ device: d.code, reason: notice.reason }, 'demo: a message was refused'),
      });
      await device.connect();
      if (this.stopped) return void (await device.close());
      this.devices.push(device);
    }
    this.scheduler = new ReportScheduler(this.devices, periodMs, (error) =>
      log.debug({ err: error }, 'demo: report failed'),
    );
    this.scheduler.start();
    log.info({ devices: this.devices.length, everySeconds: periodMs / 1000 }, 'demo: fleet live over MQTT');
    await sendDemoPlans(db, organizationId, this.timeZone);
  }

  /**
   * The demo's schedules (demo-lighting.ts) as if they had run all along: each device follows its
   * planned nights, up to tonight's, while its history is written (and live until dawn), and the nights
   * from the month before this one to yesterday are kept for the energy report. Cheap (a few
   * milliseconds for the fleet's two months), so done on every start: a restart's gap is planned too.
   */
  private async followSchedules(
    organizationId: number,
    devices: DemoDevice[],
    fromMs: number,
    now: number,
  ): Promise<void> {
    const { db, log } = this.options;
    const dayOf = dayResolver(this.timeZone);
    const today = dayOf(now);
    const historyFrom = dayOf(fromMs);
    const reportFrom = firstOfPreviousMonth(today);
    const from = reportFrom > historyFrom ? reportFrom : historyFrom;
    // The night before the history's first day ends on that morning.
    const nights = await planDemoNights(db, organizationId, previousDay(from), today, this.timeZone);
    const byDevice = nightsByDevice(nights);
    for (const d of devices) d.sim.followPlan(byDevice.get(d.id) ?? []);
    const kept = await keepNightPlans(
      db,
      nights.filter((n) => n.night.date >= from && n.night.date < today),
    );
    if (kept > 0) log.info({ nights: kept, devices: byDevice.size }, 'demo: night plans kept');
  }

  private get timeZone(): string {
    return this.options.storage?.timeZone ?? DEMO_TIME_ZONE;
  }

  /** Days before the first local midnight of kept samples go to the rollups. */
  private historySink(now: number): HistorySink | undefined {
    const { db, storage } = this.options;
    if (!storage) return undefined;
    const dayOf = dayResolver(storage.timeZone);
    return {
      before: nextMidnight(storage.samplesKeptSince(now), dayOf),
      dayOf,
      store: (rows) => storeHistory(db, rows, dayOf, storage.timeZone),
    };
  }

  /** Live devices (for tests). */
  get live(): readonly MqttDevice[] {
    return this.devices;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.scheduler?.stop();
    await this.done;
    await Promise.all(this.devices.map((d) => d.close()));
  }
}

import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { AttemptThrottle, LOGIN_LIMITS, RESET_LIMITS, type ThrottleLimits } from './auth/attempt-throttle';
import { TokenService } from './auth/tokens';
import { FirstCredentials } from './first-credentials';
import { JobRunner } from './jobs/job-runner';
import { createMailer, type Mailer } from './mail/mailer';
import { AUDIT_SWEEP_EVERY_MS, AuditRetention } from './modules/audit-log';
import { ReportExports } from './modules/monitoring';
import {
  DELIVERY_EVERY_MS,
  LOG_TRIM_EVERY_MS,
  PeopleNotifications,
  SecretBox,
  WebhookDelivery,
  type WebhookContext,
} from './modules/notifications';
import type { ResetDeps, SessionDeps } from './modules/session';
import { createStorage, type Storage } from './storage/storage';
import { REPORT_SWEEP_EVERY_MS, ReportRetention } from './storage/report-retention';
import { AlarmRuleBook } from './telemetry/alarm-rule-book';
import { BrokerTls } from './telemetry/broker-tls';
import { DeviceLink } from './telemetry/device-link';
import { LiveEvents } from './telemetry/live-events';
import { Metrics } from './metrics';
import { monthlyMailJobs } from './modules/energy-reports';
import { planJobs, replan, type ReplanResult, type ReplanScope } from './modules/plans';

// The composition root: every long-lived service of one instance is built here, once, from the
// configuration and the database. app.ts hands them to the routes (as decorations of the Fastify
// instance: the one way a route gets a dependency) and ties their start and stop to the server's.

export interface Services {
  db: Db;
  config: Config;
  databaseKind: Database['kind'];
  storage: Storage;
  mailer: Mailer;
  tokens: TokenService;
  session: SessionDeps;
  passwordReset: ResetDeps;
  reportRetention: ReportRetention;
  reportExports: ReportExports;
  auditRetention: AuditRetention;
  liveEvents: LiveEvents;
  /** Created here so HTTP ingest has its queue; its broker starts with `deviceLink.start()` (main.ts, tests). */
  deviceLink: DeviceLink;
  /** This instance's Prometheus metrics (/metrics). */
  metrics: Metrics;
  /** Outbound webhooks: their secrets, settings and delivery (modules/notifications). */
  webhooks: WebhookContext;
  /** People's notifications: fan-out, escalation, e-mail and digest jobs, live counts (modules/notifications). */
  notifications: PeopleNotifications;
  /** The alarm rules in memory (telemetry/alarm-rule-book.ts): a rule's write reloads them. */
  alarmRules: AlarmRuleBook;
  /**
   * Lighting plans (modules/plans): after a group, profile or schedule changes, its devices are sent
   * their new nights. Handed to those areas here so they need not import the plans area, which reads
   * their tables (no import cycle).
   */
  plans: { replan(scope: ReplanScope): Promise<ReplanResult> };
}

export interface ServiceLifecycle {
  services: Services;
  /** When the server is ready: the report retention sweep begins (the device link's jobs with its start). */
  ready(): Promise<void>;
  /** Before the server closes: open event streams would hold the close, so they end first. */
  closing(): Promise<void>;
  /** When the server has closed: jobs, the device link and the database listener stop. */
  closed(): Promise<void>;
}

export async function createServices(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  loginLimits?: ThrottleLimits;
}): Promise<ServiceLifecycle> {
  const { config, database, log } = options;
  const db = database.db;
  const metrics = new Metrics();
  const storage = createStorage(config);
  // The periodic jobs: each run on one instance (jobs/job-runner.ts).
  const jobs = new JobRunner({ db, log, owner: `${config.instanceId}:${process.pid}` });
  // Exported reports are deleted after REPORT_RETENTION_HOURS by a periodic job (ready, below).
  const reportRetention = new ReportRetention({
    storage,
    retentionHours: config.reportRetentionHours,
    log,
    recordJobRun: metrics.recordJobRun,
  });
  // The device report's CSV exports run as jobs in this process; closing stops them (recorded failed).
  const reportExports = new ReportExports({
    db,
    storage,
    retention: reportRetention,
    timeZone: config.timeZone,
    telemetry: config.telemetry,
    log,
  });
  // Audit rows older than AUDIT_RETENTION_DAYS are deleted by a periodic job (ready, below).
  const auditRetention = new AuditRetention({
    db,
    retentionDays: config.auditRetentionDays,
    log,
    recordJobRun: metrics.recordJobRun,
  });
  // Commit notifications (db/listener.ts), for the live channel and command delivery: with PostgreSQL
  // one LISTEN connection of this instance.
  const listener = database.listener(log);
  const liveEvents = new LiveEvents({
    db,
    log,
    listener,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  });
  await liveEvents.start();
  // The alarm rules, read once and again on every committed change (any instance's).
  const alarmRules = new AlarmRuleBook(db, log);
  await alarmRules.reload();
  await alarmRules.listen(listener);
  const deviceLink = new DeviceLink({
    db,
    log,
    timeZone: config.timeZone,
    mqttPort: config.mqttPort,
    mqttHost: config.host,
    mqttUrl: config.mqttUrl,
    mqttTls: config.mqttTls && {
      context: new BrokerTls(config.mqttTls.files, log),
      mqttsPort: config.mqttTls.mqttsPort,
      wssPort: config.mqttTls.wssPort,
    },
    mqttClientTls: config.mqttClientTls,
    external: {
      group: config.mqttSharedGroup,
      clientIdPrefix: `${config.mqttSharedGroup}-${config.instanceId}`,
    },
    jobs,
    mqttLimits: { maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress },
    // PGlite runs one statement at a time: more writers would only queue inside it.
    writers: database.kind === 'postgres' ? 4 : 1,
    // On PostgreSQL, telemetry is parsed and written on worker threads (INGEST_WORKERS, one per core).
    ingestWorkers:
      database.kind === 'postgres' && config.databaseUrl
        ? { count: config.ingestWorkers, databaseUrl: config.databaseUrl }
        : undefined,
    changed: (changes) => liveEvents.changed(changes),
    listener,
    rules: alarmRules,
    metrics,
    storage: { settings: config.telemetry, maintenanceEveryMs: config.telemetryMaintenanceMs },
  });
  metrics.watch({
    db,
    ingest: () => ({
      received: { ...deviceLink.uplink.stats.received },
      rejected: Object.values(deviceLink.uplink.stats.refused).reduce((a, b) => a + b, 0),
      committed: deviceLink.queue.stats.stored,
      duplicate: deviceLink.queue.stats.duplicates,
      dropped: deviceLink.queue.stats.dropped,
      retries: deviceLink.queue.stats.retries,
      queuedRows: deviceLink.queue.heldRows,
    }),
    broker: () => deviceLink.brokerStatus(),
    embeddedBroker: !config.mqttUrl,
    pool: () => database.pool(),
    log,
  });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  // Webhook deliveries: sent when their commit is heard here, and by a periodic job (retries).
  const webhookSecrets = new SecretBox(config.jwtSecret);
  const webhookDelivery = new WebhookDelivery({
    db,
    log,
    mailer,
    secrets: webhookSecrets,
    settings: config.webhooks,
    publicUrl: config.publicUrl,
  });
  await webhookDelivery.listen(listener);
  // People's notifications, made from the alarm timeline by periodic jobs (ready, below).
  const notifications = new PeopleNotifications({
    db,
    log,
    mailer,
    liveEvents,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    settings: config.notify,
  });
  const tokens = new TokenService(config.jwtSecret, config.accessTokenSeconds);
  // The first start's generated passwords stop being printed once their account is used.
  const firstCredentials = new FirstCredentials(config.dataDir);
  const accountUsed = (email: string) => {
    try {
      firstCredentials.forget(email);
    } catch (err) {
      // A file that cannot be rewritten must not fail the sign-in; the next start drops the entry.
      log.warn({ err }, 'first start: kept credentials could not be updated');
    }
  };
  const session: SessionDeps = {
    accountUsed,
    mailer,
    log,
    db,
    storage,
    tokens,
    throttle: new AttemptThrottle(options.loginLimits ?? LOGIN_LIMITS),
    refreshSeconds: config.refreshTokenSeconds,
    timeZone: config.timeZone,
  };
  const passwordReset: ResetDeps = {
    accountUsed,
    db,
    mailer,
    publicUrl: config.publicUrl,
    log,
    throttle: new AttemptThrottle(RESET_LIMITS),
  };

  return {
    services: {
      db,
      config,
      databaseKind: database.kind,
      storage,
      mailer,
      tokens,
      session,
      passwordReset,
      reportRetention,
      reportExports,
      auditRetention,
      liveEvents,
      deviceLink,
      metrics,
      webhooks: { db, secrets: webhookSecrets, settings: config.webhooks, delivery: webhookDelivery },
      notifications,
      alarmRules,
      plans: { replan: (scope) => replan({ db, timeZone: config.timeZone }, scope) },
    },
    ready: async () => {
      jobs.add({
        name: 'reports.retention',
        everyMs: REPORT_SWEEP_EVERY_MS,
        run: () => reportRetention.sweep(),
      });
      jobs.add({
        name: 'audit.retention',
        everyMs: AUDIT_SWEEP_EVERY_MS,
        run: () => auditRetention.sweep(),
      });
      // Every instance sends (each delivery is claimed by one); the log is trimmed by one.
      jobs.add({
        name: 'webhooks.delivery',
        everyMs: DELIVERY_EVERY_MS,
        scope: 'instance',
        run: () => webhookDelivery.deliverDue(),
      });
      jobs.add({
        name: 'webhooks.log-trim',
        everyMs: LOG_TRIM_EVERY_MS,
        run: () => webhookDelivery.trimLog(),
      });
      for (const job of notifications.jobs()) jobs.add(job);
      // Schedule delivery: deliveries follow their commands; plans are topped up (modules/plans).
      for (const job of planJobs({ db, timeZone: config.timeZone, log })) jobs.add(job);
      const reportMail = { db, mailer, log, publicUrl: config.publicUrl, timeZone: config.timeZone };
      for (const job of monthlyMailJobs({ ...reportMail, gridFactor: config.gridCo2KgPerKwh })) jobs.add(job);
    },
    closing: async () => {
      // A stop begins: no new device connections either (the HTTP server stops taking them next).
      deviceLink.stopAccepting();
      await liveEvents.stop();
    },
    closed: async () => {
      await reportExports.stop();
      // A sweep under way ends early; the runner then lets go of its jobs for the other instances.
      await Promise.all([reportRetention.stop(), auditRetention.stop(), webhookDelivery.stop(), jobs.stop()]);
      await deviceLink.stop();
      await listener.close();
    },
  };
}

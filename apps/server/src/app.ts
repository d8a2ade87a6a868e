import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import path from 'node:path';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@rms/contracts/messages';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerAccessGuard } from './auth/access';
import { registerRequestLimits } from './auth/request-limits';
import { AttemptThrottle, LOGIN_LIMITS, RESET_LIMITS, type ThrottleLimits } from './auth/attempt-throttle';
import { TokenService } from './auth/tokens';
import { registerErrorHandler } from './errors';
import { registerInputGuard } from './input-guard';
import { registerOpenApi } from './openapi';
import { registerWeb } from './web';
import { bulkUploadRoutes, sampleRoutes } from './modules/bulk-upload/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { healthRoutes } from './modules/health/routes';
import { sessionRoutes } from './modules/session/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { employeeRoutes } from './modules/employees/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { localFileRoutes } from './modules/uploads/local-file-routes';
import { createStorage, type Storage } from './storage/storage';
import { LocalStorage } from './storage/local-storage';
import { ReportRetention } from './storage/report-retention';
import { masterDataRoutes } from './modules/master-data/routes';
import { msisdnRoutes } from './modules/msisdn/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { parameterRoutes } from './modules/parameters/routes';
import { inspectionRoutes } from './modules/inspections/routes';
import { activationRoutes } from './modules/activations/routes';
import { assignmentRoutes } from './modules/assignments/routes';
import { ingestRoutes } from './modules/ingest/routes';
import { loadStatusRoutes } from './modules/monitoring/load-status-routes';
import { analysisRoutes } from './modules/monitoring/analysis-routes';
import { reportRoutes } from './modules/monitoring/report-routes';
import { ReportExports } from './modules/monitoring/report-exports';
import { dashboardRoutes } from './modules/dashboard/routes';
import { DeviceLink } from './telemetry/device-link';
import { FirstCredentials } from './first-credentials';
import { LiveEvents } from './telemetry/live-events';
import { eventRoutes } from './modules/events/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: Storage;
    reportRetention: ReportRetention;
    reportExports: ReportExports;
    deviceLink: DeviceLink;
    liveEvents: LiveEvents;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  loginLimits?: ThrottleLimits;
  /** Sees every route as it is registered (the access-rule test walks them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  database,
  loginLimits,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): anyone can send it.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const storage = createStorage(config);
  app.decorate('storage', storage);
  // Exported reports are deleted after REPORT_RETENTION_HOURS; the sweep starts with the server.
  const reportRetention = new ReportRetention({
    storage,
    retentionHours: config.reportRetentionHours,
    log: app.log,
  });
  app.decorate('reportRetention', reportRetention);
  // The device report's CSV exports run as jobs in this process; closing stops them (recorded failed).
  const reportExports = new ReportExports({
    db: database.db,
    storage,
    retention: reportRetention,
    timeZone: config.timeZone,
    log: app.log,
  });
  app.decorate('reportExports', reportExports);
  app.addHook('onClose', () => reportExports.stop());
  app.addHook('onReady', async () => reportRetention.start());
  app.addHook('onClose', () => reportRetention.stop());
  // Commit notifications (db/listener.ts), for the live channel and command delivery: with PostgreSQL
  // one LISTEN connection of this instance.
  const listener = database.listener(app.log);
  const liveEvents = new LiveEvents({
    db: database.db,
    log: app.log,
    listener,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  });
  await liveEvents.start();
  app.decorate('liveEvents', liveEvents);
  // Open event streams would hold the server's close: end them first.
  app.addHook('preClose', () => liveEvents.stop());
  // Created here so HTTP ingest has its queue; its broker starts with `deviceLink.start()` (main.ts, tests).
  const deviceLink = new DeviceLink({
    db: database.db,
    log: app.log,
    timeZone: config.timeZone,
    mqttPort: config.mqttPort,
    mqttHost: config.host,
    mqttUrl: config.mqttUrl,
    mqttLimits: { maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress },
    // PGlite runs one statement at a time: more writers would only queue inside it.
    writers: database.kind === 'postgres' ? 4 : 1,
    changed: (changes) => liveEvents.changed(changes),
    listener,
  });
  app.decorate('deviceLink', deviceLink);
  app.addHook('onClose', async () => {
    await deviceLink.stop();
    await listener.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS), so inline styles are allowed; scripts are not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come from MAP_TILE_URL, which may be a plain-http server on the LAN.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https:',
          ...storage.origins,
          ...(config.mapTileSource ? [config.mapTileSource] : []),
        ],
        // With S3 storage the browser PUTs files straight to the store.
        connectSrc: ["'self'", ...storage.origins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Off: a console opened over plain http on a LAN address would have every request upgraded and fail.
        upgradeInsecureRequests: null,
      },
    },
  });

  // gzip for answers of 1 KB and more when the client accepts it (the map's markers, lists, reports).
  // Not brotli: on the map's 15 MB of markers (100,000 devices) it took twice gzip's time for the same size.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  const tokens = new TokenService(config.jwtSecret, config.accessTokenSeconds);
  registerAccessGuard(app, tokens);
  await registerRequestLimits(app);
  await registerOpenApi(app);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  // The first start's generated passwords stop being printed once their account is used.
  const firstCredentials = new FirstCredentials(config.dataDir);
  const accountUsed = (email: string) => {
    try {
      firstCredentials.forget(email);
    } catch (err) {
      // A file that cannot be rewritten must not fail the sign-in; the next start drops the entry.
      app.log.warn({ err }, 'first start: kept credentials could not be updated');
    }
  };
  const sessionDeps = {
    accountUsed,
    mailer,
    log: app.log,
    db: database.db,
    storage,
    tokens,
    throttle: new AttemptThrottle(loginLimits ?? LOGIN_LIMITS),
    refreshSeconds: config.refreshTokenSeconds,
    timeZone: config.timeZone,
  };
  const resetDeps = {
    accountUsed,
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    throttle: new AttemptThrottle(RESET_LIMITS),
  };

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { databaseKind: database.kind, version: APP_VERSION });
      await api.register(sessionRoutes, { deps: sessionDeps, reset: resetDeps });
      await api.register(organizationRoutes);
      await api.register(employeeRoutes);
      await api.register(uploadRoutes);
      if (storage instanceof LocalStorage) await api.register(localFileRoutes, { storage });
      await api.register(masterDataRoutes);
      await api.register(msisdnRoutes);
      await api.register(inventoryRoutes);
      await api.register(parameterRoutes);
      await api.register(inspectionRoutes);
      await api.register(activationRoutes);
      await api.register(bulkUploadRoutes);
      await api.register(assignmentRoutes);
      await api.register(ingestRoutes);
      await api.register(loadStatusRoutes);
      await api.register(analysisRoutes);
      await api.register(reportRoutes);
      await api.register(dashboardRoutes);
      await api.register(eventRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(sampleRoutes);
  await registerWeb(app, config.webDist);
  return app;
}

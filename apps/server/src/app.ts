import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@rms/contracts/messages';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAccessGuard } from './auth/access';
import { registerRequestLimits } from './auth/request-limits';
import type { ThrottleLimits } from './auth/attempt-throttle';
import { compressOptions } from './compression';
import { registerErrorHandler } from './errors';
import { registerInputGuard } from './input-guard';
import { registerLoadShedding } from './load-shedding';
import { registerHttpMetrics } from './metrics';
import { loggerOptions, registerRequestIds, requestIdOf } from './logging';
import { registerOpenApi } from './openapi';
import { registerWeb } from './web';
import { bulkUploadRoutes, sampleRoutes } from './modules/bulk-upload';
import { healthRoutes, metricsRoutes } from './modules/health';
import { sessionRoutes } from './modules/session';
import { organizationRoutes } from './modules/organizations';
import { employeeRoutes } from './modules/employees';
import { localFileRoutes, uploadRoutes } from './modules/uploads';
import { LocalStorage } from './storage/local-storage';
import { masterDataRoutes } from './modules/master-data';
import { msisdnRoutes } from './modules/msisdn';
import { inventoryRoutes } from './modules/inventory';
import { parameterRoutes } from './modules/parameters';
import { inspectionRoutes } from './modules/inspections';
import { activationRoutes } from './modules/activations';
import { assignmentRoutes } from './modules/assignments';
import { ingestRoutes } from './modules/ingest';
import { alarmRoutes, analysisRoutes, loadStatusRoutes, reportRoutes } from './modules/monitoring';
import { dashboardRoutes } from './modules/dashboard';
import { eventRoutes } from './modules/events';
import { apiKeyRoutes } from './modules/api-keys';
import { auditLogRoutes, registerAuditLog } from './modules/audit-log';
import { notificationRoutes } from './modules/notifications';
import { workOrderRoutes } from './modules/work-orders';
import { energyReportRoutes } from './modules/energy-reports';
import { alarmRuleRoutes } from './modules/alarm-rules';
import { lightingRoutes } from './modules/lighting';
import { groupRoutes } from './modules/groups';
import { createServices, type Services } from './services';

declare module 'fastify' {
  // Every service of createServices() is a decoration: `app.db`, `app.deviceLink` ... Module
  // augmentation can only add members through an interface, and `extends` with an empty body is how
  // it takes them all from Services (a type alias cannot merge), hence the rule's exception here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Services {}
}

export interface BuildOptions {
  config: Config;
  database: Database;
  loginLimits?: ThrottleLimits;
  /** Sees every route as it is registered (the access-rule test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of standard output (a test reads them). */
  logStream?: DestinationStream;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  database,
  loginLimits,
  onRoute,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    genReqId: requestIdOf,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): anyone can send it.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  registerRequestIds(app);
  const lifecycle = await createServices({ config, database, log: app.log, loginLimits });
  const services = lifecycle.services;
  for (const [name, service] of Object.entries(services)) app.decorate(name, service);
  app.addHook('onReady', lifecycle.ready);
  app.addHook('preClose', lifecycle.closing);
  app.addHook('onClose', lifecycle.closed);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerHttpMetrics(app, services.metrics);
  registerInputGuard(app);
  await registerLoadShedding(app, config.shedding, database);

  // helmet's middleware, built once: @fastify/helmet built it again on every request, parsing and
  // checking the policy each time (4 % of a health/ call's time in a profile).
  const securityHeaders = helmet({
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
          ...services.storage.origins,
          ...(config.mapTileSource ? [config.mapTileSource] : []),
        ],
        // With S3 storage the browser PUTs files straight to the store.
        connectSrc: ["'self'", ...services.storage.origins],
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
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Answers of 1 KB and more, as the client accepts (compression.ts says why these settings).
  await app.register(compress, compressOptions);

  registerAccessGuard(app, services.tokens);
  // Before the routes: it hooks every write as it is registered.
  registerAuditLog(app);
  await registerRequestLimits(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { databaseKind: database.kind, version: APP_VERSION });
      await api.register(sessionRoutes, { deps: services.session, reset: services.passwordReset });
      await api.register(organizationRoutes);
      await api.register(employeeRoutes);
      await api.register(uploadRoutes);
      if (services.storage instanceof LocalStorage)
        await api.register(localFileRoutes, { storage: services.storage });
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
      await api.register(alarmRoutes);
      await api.register(alarmRuleRoutes);
      await api.register(reportRoutes);
      await api.register(dashboardRoutes);
      await api.register(eventRoutes);
      await api.register(apiKeyRoutes);
      await api.register(auditLogRoutes);
      await api.register(notificationRoutes);
      await api.register(workOrderRoutes);
      await api.register(lightingRoutes);
      await api.register(groupRoutes);
      await api.register(energyReportRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(sampleRoutes);
  await app.register(metricsRoutes);
  await registerWeb(app, config.webDist);
  return app;
}

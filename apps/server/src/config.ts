import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { DEMO_HISTORY_DAYS } from './demo/demo-fleet';
import { SHARED_GROUP } from './telemetry/external-broker';
import {
  DEFAULT_HOURLY_RETENTION_DAYS,
  DEFAULT_RETENTION_DAYS,
  MAX_HOURLY_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  type TelemetryStorageSettings,
} from './telemetry/storage/settings';
import { loadTlsFiles, type TlsFiles, type TlsPem } from './tls-files';

export { ConfigError };

// Configuration is parsed here once; nothing else reads process.env.

const port = z.coerce.number().int().min(0).max(65535);
/** A port, or `off` (null): a listener that may be turned off. */
const portOrOff = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v.toLowerCase() === 'off') return null;
    const n = Number(v);
    if (v !== '' && Number.isInteger(n) && n >= 0 && n <= 65535) return n;
    ctx.addIssue({ code: 'custom', message: 'a port number (0 to 65535) or off' });
    return z.NEVER;
  });
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optional,
  MQTT_PORT: portOrOff.default(1883),
  MQTT_URL: optional,
  // The embedded broker over TLS (MQTTS, and MQTT over WebSocket with TLS): PEM files; a CA requires client certificates.
  MQTT_TLS_CERT: optional,
  MQTT_TLS_KEY: optional,
  MQTT_TLS_CA: optional,
  MQTTS_PORT: portOrOff.optional(),
  MQTT_WSS_PORT: portOrOff.optional(),
  // The server's own TLS to an external broker (MQTT_URL mqtts:// or wss://): PEM files.
  MQTT_CA: optional,
  MQTT_CERT: optional,
  MQTT_KEY: optional,
  // Several instances: the broker's shared-subscription group, and each instance's stable name (its
  // client ids at the broker, and who runs a job). Both go into MQTT client ids and topic filters.
  MQTT_SHARED_GROUP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'letters, digits, ".", "_" or "-", at most 40')
    .default(SHARED_GROUP),
  INSTANCE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, ".", "_" or "-", at most 60')
    .optional(),
  // Devices behind one carrier NAT share an address, so the cap is generous; unsigned-in ones are capped lower.
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // Ingest worker threads (docs/operations.md "Ingest on every core"); default: the cores, on PostgreSQL.
  INGEST_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY: optional,
  S3_SECRET_KEY: optional,
  S3_REGION: optional,
  REPORT_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
  // A year by default: long enough to answer "who changed this last season?"; at most a century.
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Telemetry storage (docs/operations.md "Telemetry storage"): samples, then hourly rollups.
  TELEMETRY_RETENTION_DAYS: z.coerce
    .number()
    .int('whole days')
    .min(
      MIN_RETENTION_DAYS,
      `at least ${MIN_RETENTION_DAYS} days (the graphs' default week and the MPPT days read samples)`,
    )
    .max(MAX_RETENTION_DAYS, `at most ${MAX_RETENTION_DAYS} days (older samples are refused anyway)`)
    .default(DEFAULT_RETENTION_DAYS),
  // Outbound webhooks (docs/webhooks.md): https to public addresses only, unless these allow more
  // (tests, a receiver on the LAN); attempts per event; failed attempts in a row before pausing.
  WEBHOOK_ALLOW_HTTP: z.enum(['0', '1']).default('0'),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.enum(['0', '1']).default('0'),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // People's notifications (docs/notifications.md): the daily digest's local hour (TIME_ZONE), the least
  // time between two notification e-mails to one person, and how often the notification jobs look.
  NOTIFY_DIGEST_HOUR: z.coerce.number().int('a whole hour').min(0, '0 to 23').max(23, '0 to 23').default(7),
  NOTIFY_EMAIL_MINUTES: z.coerce.number().int('whole minutes').min(1).max(1440).default(5),
  NOTIFY_EVERY_SECONDS: z.coerce.number().int('whole seconds').min(1).max(3600).default(10),
  // Load shedding (docs/operations.md "Under load"): an API request gets 503 with Retry-After at once
  // while the event loop lags more than this (ms), or more requests than this wait for a database
  // connection (PostgreSQL); 0 turns a check off. The lag check is off by default on the embedded
  // database: PGlite runs on the event loop, so there a lag is the database at work (the demo's first
  // start, a big report), not requests piling up, and refusing the console then helps nobody.
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int('whole milliseconds').min(0).max(60_000).optional(),
  SHED_DB_WAITING: z.coerce.number().int('a whole number').min(0).max(100_000).default(64),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int('whole seconds').min(1).max(3600).default(5),
  // The energy report's CO₂ avoided (docs/energy-reports.md): kg CO₂ per kWh of grid energy. The default
  // is the Indian grid's published weighted-average emission factor.
  GRID_CO2_KG_PER_KWH: z.coerce
    .number('a number of kg per kWh')
    .min(0, '0 to 2')
    .max(2, '0 to 2')
    .default(0.716),
  // How often the telemetry maintenance runs (rollups of closed hours, partitions, packing): a quicker
  // pass lets the reports read a closed hour sooner (the browser walks), at more work per hour.
  TELEMETRY_MAINTENANCE_SECONDS: z.coerce
    .number()
    .int('whole seconds')
    .min(5, '5 to 3,600')
    .max(3600, '5 to 3,600')
    .default(300),
  TELEMETRY_HOURLY_RETENTION_DAYS: z.coerce
    .number()
    .int('whole days')
    .min(MIN_RETENTION_DAYS, `at least ${MIN_RETENTION_DAYS} days`)
    .max(MAX_HOURLY_RETENTION_DAYS, `at most ${MAX_HOURLY_RETENTION_DAYS} days`)
    .default(DEFAULT_HOURLY_RETENTION_DAYS),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('RMS Console <no-reply@localhost>'),
  JWT_SECRET: optional,
  ADMIN_EMAIL: z.string().default('admin@rms.local'),
  ADMIN_PASSWORD: optional,
  DEMO: z.enum(['0', '1']).optional(),
  // A year at most: the backfill writes every day of it before the fleet goes live.
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(DEMO_HISTORY_DAYS),
  TIME_ZONE: z.string().default('Asia/Kolkata'),
  // Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; unset: none.
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // JSON lines for a log collector, or pino-pretty's lines for a person; unset: JSON in production.
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  NODE_ENV: optional,
  // Set: /metrics asks for it as a bearer token; unset: /metrics answers loopback clients only.
  METRICS_TOKEN: optional,
  // How long a stop (SIGTERM, SIGINT) may take to drain before the process gives up and exits 1.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEB_DIST: optional,
  PUBLIC_URL: optional,
  MAP_TILE_URL: z
    .string()
    .trim()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (url) => /^(https?:\/\/[^/?#]+)?\//i.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
      'a tile URL template on http(s) or a path of this server, with {z}, {x} and {y} ' +
        '(e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
    ),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  // Set by npm to the directory the command was typed in (npm runs the server's script in apps/server).
  INIT_CWD: optional,
});

export interface Config {
  port: number;
  host: string;
  /** Absolute; a relative DATA_DIR is taken from where the operator ran the command (see `baseDir`). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded broker's plain MQTT port; null when turned off (`MQTT_PORT=off`). */
  mqttPort: number | null;
  mqttUrl: string | undefined;
  /** The embedded broker over TLS, when it has a certificate; a port is null when turned off. */
  mqttTls: MqttTlsConfig | undefined;
  /** The server's TLS to an external broker: CA, client certificate and key (PEM), when given. */
  mqttClientTls: TlsPem | undefined;
  /** With MQTT_URL: the shared-subscription group every instance of the deployment joins. */
  mqttSharedGroup: string;
  /** This instance's stable name (default: the host name): its broker client ids, its job leases. */
  instanceId: string;
  /** Proxies whose X-Forwarded-For names the client (Fastify's trustProxy); false: the socket's address. */
  trustProxy: string[] | false;
  /** Embedded broker: connections one remote address may hold at once. */
  mqttMaxConnectionsPerAddress: number;
  /**
   * Threads that parse, validate and write telemetry (INGEST_WORKERS), each owning a share of the
   * devices; 1: in the main thread. The cores by default on PostgreSQL; always 1 on PGlite.
   */
  ingestWorkers: number;
  s3: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string } | undefined;
  /** Generated reports (CSV exports) are deleted this many hours after they are stored. */
  reportRetentionHours: number;
  /** Audit log rows are deleted this many days after they are written. */
  auditRetentionDays: number;
  /** How long samples and hourly rollups are kept (TELEMETRY_RETENTION_DAYS, TELEMETRY_HOURLY_RETENTION_DAYS). */
  telemetry: TelemetryStorageSettings;
  /** TELEMETRY_MAINTENANCE_SECONDS, as milliseconds: how often the telemetry maintenance runs. */
  telemetryMaintenanceMs: number;
  /** Outbound webhooks: who may be called, how often a delivery is tried, when a webhook pauses. */
  webhooks: WebhookSettings;
  /** People's notifications: digest hour, e-mail pacing, how often the jobs run. */
  notify: NotifySettings;
  shedding: SheddingSettings;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  /**
   * True when the secret was generated by this load (embedded database, none kept yet): the start keeps
   * it in DATA_DIR/jwt-secret (`keepDataDir`) once it has checked the ports, so sessions survive restarts.
   */
  jwtSecretGenerated: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  demo: boolean;
  /** Days of history the demo fleet writes on its first start (and at most after a long stop). */
  demoHistoryDays: number;
  timeZone: string;
  /** GRID_CO2_KG_PER_KWH: kg CO₂ a kWh of grid energy emits (the energy report's CO₂ avoided). */
  gridCo2KgPerKwh: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** JSON lines (production: NODE_ENV=production) or readable lines (development). */
  logFormat: 'json' | 'pretty';
  /** The bearer token /metrics asks for; undefined: loopback clients only. */
  metricsToken: string | undefined;
  /** A stop's time limit (graceful shutdown, main.ts). */
  shutdownTimeoutSeconds: number;
  /** Where people open the console; links in mails point here (never taken from a request's Host header). */
  publicUrl: string;
  /** The built console (apps/web/dist); served at / when present. */
  webDist: string;
  /** The map's tile URL template ({z}/{x}/{y}, maybe {s}) and the attribution shown with the tiles. */
  mapTileUrl: string;
  /** The CSP img-src source that lets the console load those tiles; null for this server's own path. */
  mapTileSource: string | null;
  mapTileAttribution: string;
  /** Access tokens live minutes; refresh tokens days. */
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

export interface NotifySettings {
  /** NOTIFY_DIGEST_HOUR: the local hour (TIME_ZONE) from which yesterday's digest is sent. */
  digestHour: number;
  /** NOTIFY_EMAIL_MINUTES: at most one notification e-mail per person this often (the rest wait, batched). */
  emailMinutes: number;
  /** NOTIFY_EVERY_SECONDS: how often the fan-out, escalation and e-mail jobs run. */
  everySeconds: number;
}

export interface SheddingSettings {
  /** SHED_EVENT_LOOP_DELAY_MS: mean event-loop lag above which API requests are shed; 0: not checked. */
  eventLoopDelayMs: number;
  /** SHED_DB_WAITING: requests waiting for a pooled connection above which API requests are shed; 0: not checked. */
  dbWaiting: number;
  /** SHED_RETRY_AFTER_SECONDS: the Retry-After a shed request is told. */
  retryAfterSeconds: number;
}

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_HTTP=1: plain http URLs are taken too (tests, a receiver on the LAN). */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES=1: loopback, private and link-local addresses are called too. */
  allowPrivateAddresses: boolean;
  /** Tries per event (the first included) before its delivery is marked failed. */
  maxAttempts: number;
  /** Failed attempts in a row (any events) after which the webhook is paused and its owner told. */
  pauseAfterFailures: number;
  /** How long one attempt may take, connection to the answer's end. */
  timeoutMs: number;
}

export interface MqttTlsConfig {
  /** The certificate (chain), its key and, to require client certificates, the CA that signs them. */
  files: TlsFiles & { cert: string; key: string };
  /** MQTT over TLS (MQTTS_PORT, 8883). */
  mqttsPort: number | null;
  /** MQTT over WebSocket with TLS (MQTT_WSS_PORT, 8884). */
  wssPort: number | null;
}

const MIN_SECRET_LENGTH = 32;

/**
 * Where relative paths (DATA_DIR, WEB_DIST) start: the directory the operator ran the command in. npm
 * runs the server's start script with apps/server as its working directory but says in INIT_CWD where
 * `npm start` was typed; run directly (`node ... main.ts`) it is the working directory.
 */
export function baseDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD?.trim() || process.cwd();
}

/**
 * Parses the environment. Throws ConfigError with a message a person can act on. Creates nothing: a
 * start checks its ports and DATA_DIR before anything is written (main.ts, start-checks.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const from = baseDir(env);
  const dataDir = path.resolve(from, e.DATA_DIR);
  const jwt = resolveJwtSecret(e.JWT_SECRET, e.DATABASE_URL, dataDir);

  if (e.TIME_ZONE && !isTimeZone(e.TIME_ZONE))
    throw new ConfigError(`TIME_ZONE: unknown time zone "${e.TIME_ZONE}"`);
  // Hourly rollups stand in for samples past their retention: they must outlive them.
  if (e.TELEMETRY_HOURLY_RETENTION_DAYS < e.TELEMETRY_RETENTION_DAYS)
    throw new ConfigError(
      `TELEMETRY_HOURLY_RETENTION_DAYS: at least TELEMETRY_RETENTION_DAYS (${e.TELEMETRY_RETENTION_DAYS} days): hourly rollups stand in for samples no longer kept`,
    );

  let s3: Config['s3'];
  if (e.S3_ENDPOINT || e.S3_BUCKET) {
    if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY || !e.S3_SECRET_KEY) {
      throw new ConfigError('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together');
    }
    s3 = {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      accessKey: e.S3_ACCESS_KEY,
      secretKey: e.S3_SECRET_KEY,
      region: e.S3_REGION ?? 'us-east-1',
    };
  }

  const mqtt = mqttSettings(e);
  // PGlite is a database inside this thread: another thread cannot open it (nor write to it).
  if (!e.DATABASE_URL && e.INGEST_WORKERS !== undefined && e.INGEST_WORKERS > 1)
    throw new ConfigError(
      `INGEST_WORKERS=${e.INGEST_WORKERS}: ingest workers need PostgreSQL (DATABASE_URL); the embedded database is written by the server's main thread only. Leave INGEST_WORKERS unset (or 1), or set DATABASE_URL.`,
    );
  const demo = e.DEMO ? e.DEMO === '1' : !e.DATABASE_URL;
  if (demo && !e.MQTT_URL && mqtt.port === null)
    throw new ConfigError(
      'MQTT_PORT=off: the demo fleet connects to the embedded broker over plain MQTT on this machine. Set DEMO=0, or give MQTT_PORT a port.',
    );

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mqttPort: mqtt.port,
    mqttUrl: e.MQTT_URL,
    mqttTls: mqtt.tls,
    mqttClientTls: mqtt.clientTls,
    mqttSharedGroup: e.MQTT_SHARED_GROUP,
    instanceId:
      e.INSTANCE_ID ??
      (hostname()
        .replace(/[^A-Za-z0-9._-]/g, '-')
        .slice(0, 60) ||
        'rms'),
    mqttMaxConnectionsPerAddress: e.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    ingestWorkers: e.INGEST_WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    trustProxy: e.TRUST_PROXY ? parseProxies(e.TRUST_PROXY) : false,
    s3,
    reportRetentionHours: e.REPORT_RETENTION_HOURS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    telemetry: {
      retentionDays: e.TELEMETRY_RETENTION_DAYS,
      hourlyRetentionDays: e.TELEMETRY_HOURLY_RETENTION_DAYS,
    },
    telemetryMaintenanceMs: e.TELEMETRY_MAINTENANCE_SECONDS * 1000,
    webhooks: {
      allowHttp: e.WEBHOOK_ALLOW_HTTP === '1',
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === '1',
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      pauseAfterFailures: e.WEBHOOK_PAUSE_AFTER_FAILURES,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    notify: {
      digestHour: e.NOTIFY_DIGEST_HOUR,
      emailMinutes: e.NOTIFY_EMAIL_MINUTES,
      everySeconds: e.NOTIFY_EVERY_SECONDS,
    },
    shedding: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1000 : 0),
      dbWaiting: e.SHED_DB_WAITING,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: jwt.secret,
    jwtSecretGenerated: jwt.generated,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    // The demo fleet belongs to the embedded database only, unless asked for explicitly.
    demo,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    timeZone: e.TIME_ZONE,
    gridCo2KgPerKwh: e.GRID_CO2_KG_PER_KWH,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDist: e.WEB_DIST ? path.resolve(from, e.WEB_DIST) : path.join(import.meta.dirname, '../../web/dist'),
    mapTileUrl: e.MAP_TILE_URL,
    mapTileSource: tileSource(e.MAP_TILE_URL),
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    accessTokenSeconds: 5 * 60,
    refreshTokenSeconds: 14 * 24 * 3600,
  };
}

const SERVER_TLS = { cert: 'MQTT_TLS_CERT', key: 'MQTT_TLS_KEY', ca: 'MQTT_TLS_CA' } as const;
const CLIENT_TLS = { cert: 'MQTT_CERT', key: 'MQTT_KEY', ca: 'MQTT_CA' } as const;

/**
 * The broker's listeners and certificates. The embedded broker's certificate (MQTT_TLS_*) and the
 * server's own to an external broker (MQTT_CA, MQTT_CERT, MQTT_KEY) are told apart: each set given
 * where it does nothing is refused, so a mix-up is not found by devices failing to connect.
 */
function mqttSettings(e: z.infer<typeof envSchema>): {
  port: number | null;
  tls: MqttTlsConfig | undefined;
  clientTls: TlsPem | undefined;
} {
  const given = (names: readonly string[]) => names.filter((n) => e[n as keyof typeof e] !== undefined);
  const serverSide = given([...Object.values(SERVER_TLS), 'MQTTS_PORT', 'MQTT_WSS_PORT']);
  const clientSide = given(['MQTT_CA', 'MQTT_CERT', 'MQTT_KEY']);
  if (e.MQTT_URL) {
    if (serverSide.length > 0)
      throw new ConfigError(
        `${serverSide.join(', ')}: for the embedded broker, which does not run with MQTT_URL (devices connect to that broker; the server's own certificate for it is MQTT_CA, MQTT_CERT, MQTT_KEY)`,
      );
    if (clientSide.length === 0) return { port: e.MQTT_PORT, tls: undefined, clientTls: undefined };
    if (!/^(mqtts|wss):\/\//i.test(e.MQTT_URL))
      throw new ConfigError(
        `${clientSide.join(', ')}: need MQTT_URL on TLS (mqtts://host:8883 or wss://host/path), not ${e.MQTT_URL.split(':')[0]}://`,
      );
    if (!e.MQTT_CERT !== !e.MQTT_KEY)
      throw new ConfigError(
        'MQTT_CERT and MQTT_KEY must be set together (the client certificate and its key)',
      );
    const loaded = loadTlsFiles({ cert: e.MQTT_CERT, key: e.MQTT_KEY, ca: e.MQTT_CA }, CLIENT_TLS);
    return {
      port: e.MQTT_PORT,
      tls: undefined,
      clientTls: { cert: loaded.cert, key: loaded.key, ca: loaded.ca },
    };
  }
  if (clientSide.length > 0)
    throw new ConfigError(
      `${clientSide.join(', ')}: for the server's connection to an external broker (MQTT_URL); the embedded broker's certificate is MQTT_TLS_CERT and MQTT_TLS_KEY`,
    );
  if (!e.MQTT_TLS_CERT !== !e.MQTT_TLS_KEY)
    throw new ConfigError(
      'MQTT_TLS_CERT and MQTT_TLS_KEY must be set together (the certificate and its key)',
    );
  if (!e.MQTT_TLS_CERT || !e.MQTT_TLS_KEY) {
    if (serverSide.length > 0)
      throw new ConfigError(
        `${serverSide.join(', ')}: the embedded broker serves TLS only with MQTT_TLS_CERT and MQTT_TLS_KEY set`,
      );
    if (e.MQTT_PORT === null)
      throw new ConfigError(
        'MQTT_PORT=off leaves devices no way to connect: set MQTT_TLS_CERT and MQTT_TLS_KEY (MQTT over TLS), or give MQTT_PORT a port',
      );
    return { port: e.MQTT_PORT, tls: undefined, clientTls: undefined };
  }
  const files = { cert: e.MQTT_TLS_CERT, key: e.MQTT_TLS_KEY, ca: e.MQTT_TLS_CA };
  loadTlsFiles(files, SERVER_TLS);
  const tls = {
    files,
    mqttsPort: e.MQTTS_PORT === undefined ? 8883 : e.MQTTS_PORT,
    wssPort: e.MQTT_WSS_PORT === undefined ? 8884 : e.MQTT_WSS_PORT,
  };
  if (e.MQTT_PORT === null && tls.mqttsPort === null && tls.wssPort === null)
    throw new ConfigError(
      'MQTT_PORT, MQTTS_PORT and MQTT_WSS_PORT are all off: devices would have no way to connect',
    );
  return { port: e.MQTT_PORT, tls, clientTls: undefined };
}

/**
 * The Content-Security-Policy source of a tile URL template: its scheme and host, a `{s}` sub-domain
 * as `*`. Without it, tiles from a plain-http server on the LAN would be blocked by the browser.
 */
function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const [, scheme, host] = match as unknown as [string, string, string];
  const wildcard = host.replace(/^\{s\}\./, '*.');
  // A placeholder anywhere else in the host cannot be written as a CSP source: allow the scheme.
  return /[{}]/.test(wildcard) ? `${scheme.toLowerCase()}:` : `${scheme.toLowerCase()}://${wildcard}`;
}

/** TRUST_PROXY: a comma-separated list of IP addresses or CIDR ranges (never "everyone"). */
function parseProxies(value: string): string[] {
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = list.find((v) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(v));
  if (bad) throw new ConfigError(`TRUST_PROXY: "${bad}" is not an IP address or CIDR range`);
  return list;
}

/**
 * With PostgreSQL (a real deployment, possibly several instances) the secret must be given and strong.
 * On the embedded database it is generated once and kept in DATA_DIR (by the start, after its checks),
 * so sessions survive restarts.
 */
function resolveJwtSecret(
  given: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): { secret: string; generated: boolean } {
  if (given !== undefined) {
    if (given.length < MIN_SECRET_LENGTH || new Set(given).size < 10) {
      throw new ConfigError(
        `JWT_SECRET is too weak: use at least ${MIN_SECRET_LENGTH} random characters (e.g. \`openssl rand -base64 48\`)`,
      );
    }
    return { secret: given, generated: false };
  }
  if (databaseUrl) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set: use at least 32 random characters (e.g. `openssl rand -base64 48`)',
    );
  }
  const file = jwtSecretFile(dataDir);
  if (existsSync(file)) return { secret: readFileSync(file, 'utf8').trim(), generated: false };
  return { secret: randomBytes(48).toString('base64url'), generated: true };
}

export const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

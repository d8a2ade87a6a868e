import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_HISTORY_DAYS } from './demo/demo-fleet';

// Configuration is parsed here once; nothing else reads process.env.

const port = z.coerce.number().int().min(0).max(65535);
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
  MQTT_PORT: port.default(1883),
  MQTT_URL: optional,
  // Devices behind one carrier NAT share an address, so the cap is generous; unsigned-in ones are capped lower.
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY: optional,
  S3_SECRET_KEY: optional,
  S3_REGION: optional,
  REPORT_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
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
  WEB_DIST: optional,
  PUBLIC_URL: optional,
  MAP_TILE_URL: z.string().trim().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** Proxies whose X-Forwarded-For names the client (Fastify's trustProxy); false: the socket's address. */
  trustProxy: string[] | false;
  /** Embedded broker: connections one remote address may hold at once. */
  mqttMaxConnectionsPerAddress: number;
  s3: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string } | undefined;
  /** Generated reports (CSV exports) are deleted this many hours after they are stored. */
  reportRetentionHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  demo: boolean;
  /** Days of history the demo fleet writes on its first start (and at most after a long stop). */
  demoHistoryDays: number;
  timeZone: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where people open the console; links in mails point here (never taken from a request's Host header). */
  publicUrl: string;
  /** The built console (apps/web/dist); served at / when present. */
  webDist: string;
  /** The map's tile URL template ({z}/{x}/{y}, maybe {s}) and the attribution shown with the tiles. */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** Access tokens live minutes; refresh tokens days. */
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

export class ConfigError extends Error {}

const MIN_SECRET_LENGTH = 32;

/** Parses the environment. Throws ConfigError with a message a person can act on. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);

  if (e.TIME_ZONE && !isTimeZone(e.TIME_ZONE))
    throw new ConfigError(`TIME_ZONE: unknown time zone "${e.TIME_ZONE}"`);

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

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttMaxConnectionsPerAddress: e.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY ? parseProxies(e.TRUST_PROXY) : false,
    s3,
    reportRetentionHours: e.REPORT_RETENTION_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, e.DATABASE_URL, dataDir),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    // The demo fleet belongs to the embedded database only, unless asked for explicitly.
    demo: e.DEMO ? e.DEMO === '1' : !e.DATABASE_URL,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    timeZone: e.TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    accessTokenSeconds: 5 * 60,
    refreshTokenSeconds: 14 * 24 * 3600,
  };
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
 * On the embedded database it is generated once and kept in DATA_DIR, so sessions survive restarts.
 */
function resolveJwtSecret(
  given: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): string {
  if (given !== undefined) {
    if (given.length < MIN_SECRET_LENGTH || new Set(given).size < 10) {
      throw new ConfigError(
        `JWT_SECRET is too weak: use at least ${MIN_SECRET_LENGTH} random characters (e.g. \`openssl rand -base64 48\`)`,
      );
    }
    return given;
  }
  if (databaseUrl) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set: use at least 32 random characters (e.g. `openssl rand -base64 48`)',
    );
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

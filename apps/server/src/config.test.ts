import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { keepDataDir } from './start-checks';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'rms-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(8080);
    expect(config.mqttPort).toBe(1883);
    expect(config.timeZone).toBe('Asia/Kolkata');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.reportRetentionHours).toBe(24);
    expect(config.auditRetentionDays).toBe(365);
    expect(config.demoHistoryDays).toBe(90);
    expect(config.telemetry).toEqual({ retentionDays: 45, hourlyRetentionDays: 400 });
  });

  it('runs ingest on one worker per core on PostgreSQL, in the main thread on the embedded database', () => {
    const postgres = {
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://db.example/rms',
      JWT_SECRET: randomBytes(48).toString('base64url'),
    };
    expect(loadConfig(postgres).ingestWorkers).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, INGEST_WORKERS: '3' }).ingestWorkers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir() }).ingestWorkers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), INGEST_WORKERS: '1' }).ingestWorkers).toBe(1);
    // The embedded database cannot be opened by another thread: said before anything starts.
    expect(() => loadConfig({ DATA_DIR: dataDir(), INGEST_WORKERS: '2' })).toThrow(
      /INGEST_WORKERS=2: ingest workers need PostgreSQL \(DATABASE_URL\)/,
    );
    for (const count of ['0', 'many', '1.5'])
      expect(() => loadConfig({ ...postgres, INGEST_WORKERS: count })).toThrow(/INGEST_WORKERS: /);
  });

  it('keeps samples TELEMETRY_RETENTION_DAYS and hourly rollups TELEMETRY_HOURLY_RETENTION_DAYS, whole days', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        TELEMETRY_RETENTION_DAYS: '90',
        TELEMETRY_HOURLY_RETENTION_DAYS: '730',
      }).telemetry,
    ).toEqual({ retentionDays: 90, hourlyRetentionDays: 730 });
    for (const days of ['6', '1.5', 'a month', '401'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), TELEMETRY_RETENTION_DAYS: days })).toThrow(
        /TELEMETRY_RETENTION_DAYS: /,
      );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TELEMETRY_RETENTION_DAYS: '6' })).toThrow(
      /at least 7 days/,
    );
    for (const days of ['0', 'two', '4000'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), TELEMETRY_HOURLY_RETENTION_DAYS: days })).toThrow(
        /TELEMETRY_HOURLY_RETENTION_DAYS: /,
      );
    // Hourly rollups stand in for the samples no longer kept: they cannot go first.
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        TELEMETRY_RETENTION_DAYS: '60',
        TELEMETRY_HOURLY_RETENTION_DAYS: '30',
      }),
    ).toThrow(/TELEMETRY_HOURLY_RETENTION_DAYS: at least TELEMETRY_RETENTION_DAYS \(60 days\)/);
  });

  it('keeps audit rows AUDIT_RETENTION_DAYS, in whole days, at least one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '2555' }).auditRetentionDays).toBe(2555);
    for (const days of ['0', '1.5', '36501', 'a year'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: days })).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
  });

  it('keeps reports REPORT_RETENTION_HOURS, at least an hour', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), REPORT_RETENTION_HOURS: '72' }).reportRetentionHours).toBe(72);
    for (const hours of ['0', '1.5', 'a day'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), REPORT_RETENTION_HOURS: hours })).toThrow(
        /REPORT_RETENTION_HOURS/,
      );
  });

  it('logs JSON in production and readable lines otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe(
      'pretty',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('gives a stop SHUTDOWN_TIMEOUT_SECONDS, 30 by default, in whole seconds', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownTimeoutSeconds).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_SECONDS: '5' }).shutdownTimeoutSeconds).toBe(5);
    for (const seconds of ['0', '2.5', 'soon'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_SECONDS: seconds })).toThrow(
        /SHUTDOWN_TIMEOUT_SECONDS/,
      );
  });

  it('takes the demo history length in whole days, within a year', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY_DAYS: '3' }).demoHistoryDays).toBe(3);
    for (const days of ['0', '-2', '1.5', '366', 'ninety'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY_DAYS: days })).toThrow(/DEMO_HISTORY_DAYS/);
  });

  it('names the instance after its host unless INSTANCE_ID says, and takes the shared-subscription group', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.instanceId).toBe(
      hostname()
        .replace(/[^A-Za-z0-9._-]/g, '-')
        .slice(0, 60),
    );
    expect(config.mqttSharedGroup).toBe('rms-ingest');
    const named = loadConfig({
      DATA_DIR: dataDir(),
      INSTANCE_ID: 'console-2',
      MQTT_SHARED_GROUP: 'rms-east',
    });
    expect([named.instanceId, named.mqttSharedGroup]).toEqual(['console-2', 'rms-east']);
    // Both go into MQTT client ids and topic filters, where '/', '+' and '#' mean something else.
    for (const [variable, value] of [
      ['INSTANCE_ID', 'a/b'],
      ['MQTT_SHARED_GROUP', 'rms+'],
      ['MQTT_SHARED_GROUP', '#'],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(
        new RegExp(`${variable}: letters, digits`),
      );
  });

  it('generates a JWT secret on the embedded database and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // Reading the configuration writes nothing; the start keeps the secret once its checks passed.
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    keepDataDir(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('puts DATA_DIR, by default ./.data, in the directory npm was run in, and creates nothing', () => {
    // npm runs the server's script in apps/server; INIT_CWD is where `npm start` was typed.
    const typedIn = path.join(dataDir(), 'checkout');
    expect(loadConfig({ INIT_CWD: typedIn }).dataDir).toBe(path.join(typedIn, '.data'));
    expect(loadConfig({ INIT_CWD: typedIn, DATA_DIR: 'state/rms' }).dataDir).toBe(
      path.join(typedIn, 'state', 'rms'),
    );
    expect(loadConfig({ INIT_CWD: typedIn, DATA_DIR: './here' }).dataDir).toBe(path.join(typedIn, 'here'));
    expect(loadConfig({ INIT_CWD: typedIn, WEB_DIST: 'web-build' }).webDist).toBe(
      path.join(typedIn, 'web-build'),
    );
    const absolute = path.join(dataDir(), 'elsewhere');
    expect(loadConfig({ INIT_CWD: typedIn, DATA_DIR: absolute }).dataDir).toBe(absolute);
    expect(existsSync(typedIn)).toBe(false);
    // Run directly (node src/main.ts): the working directory.
    expect(loadConfig({}).dataDir).toBe(path.join(process.cwd(), '.data'));
  });

  it('refuses to start on PostgreSQL without JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/rms' })).toThrow(
      /JWT_SECRET is required/,
    );
  });

  it('refuses a weak JWT_SECRET', () => {
    for (const secret of ['short', 'a'.repeat(64)]) {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/rms', JWT_SECRET: secret }),
      ).toThrow(ConfigError);
    }
  });

  it('takes a strong JWT_SECRET and turns the demo off on PostgreSQL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://db/rms',
      JWT_SECRET: 'k8Jd9-2mQpZ7vX4rT1yL6nB3cF0hW5sA',
    });
    expect(config.demo).toBe(false);
  });

  it('takes a map tile template and the image source the browser may load it from', () => {
    const at = (MAP_TILE_URL: string) => loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileSource: 'https://tile.openstreetmap.org',
    });
    expect(at('http://tiles.lan:8081/osm/{z}/{x}/{y}.png').mapTileSource).toBe('http://tiles.lan:8081');
    expect(at('https://{s}.tiles.example.com/{z}/{x}/{y}.png').mapTileSource).toBe(
      'https://*.tiles.example.com',
    );
    expect(at('/tiles/{z}/{x}/{y}.png').mapTileSource).toBeNull();
    for (const bad of [
      'tiles.example.com/{z}/{x}/{y}.png',
      'https://tiles.example.com/',
      'ftp://t/{z}/{x}/{y}',
    ])
      expect(() => at(bad)).toThrow(/MAP_TILE_URL: a tile URL template/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });
});

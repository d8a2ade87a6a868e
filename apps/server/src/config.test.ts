import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(config.demoHistoryDays).toBe(90);
  });

  it('keeps reports REPORT_RETENTION_HOURS, at least an hour', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), REPORT_RETENTION_HOURS: '72' }).reportRetentionHours).toBe(72);
    for (const hours of ['0', '1.5', 'a day'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), REPORT_RETENTION_HOURS: hours })).toThrow(
        /REPORT_RETENTION_HOURS/,
      );
  });

  it('takes the demo history length in whole days, within a year', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY_DAYS: '3' }).demoHistoryDays).toBe(3);
    for (const days of ['0', '-2', '1.5', '366', 'ninety'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY_DAYS: days })).toThrow(/DEMO_HISTORY_DAYS/);
  });

  it('generates a JWT secret on the embedded database and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
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

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });
});

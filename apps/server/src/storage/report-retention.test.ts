import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { reportRetentionCases, RETENTION_ENV } from '../testing/report-retention-cases';
import type { LocalStorage } from './local-storage';
import { newReportKey, REPORT_PREFIX } from './storage';

// Report retention on the embedded store (files under DATA_DIR/files, a file's time is its mtime).
let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp({ env: RETENTION_ENV });
  root = (t.app.storage as LocalStorage).root;
});
afterAll(async () => {
  await t.close();
});

describe('report retention, local storage', () => {
  reportRetentionCases({
    testApp: () => t,
    backdate: (key, at) => utimes(path.join(root, key), at, at),
  });

  it('never deletes what is not a complete report: a `.part` file being written is left alone', async () => {
    // storeFile writes `<key>.<random>.part` and renames it when complete.
    const part = path.join(root, `${newReportKey()}.0a1b2c3d4e5f.part`);
    mkdirSync(path.dirname(part), { recursive: true });
    writeFileSync(part, 'Date,RMS ID\r\n');
    const longAgo = new Date(Date.now() - 30 * 24 * 3_600_000);
    await utimes(part, longAgo, longAgo);
    await t.app.reportRetention.sweep();
    expect(existsSync(part)).toBe(true);
  });

  it('logs a sweep that fails instead of throwing, and sweeps again once the store is back', async () => {
    const reports = path.join(root, REPORT_PREFIX.slice(0, -1));
    rmSync(reports, { recursive: true, force: true });
    // A file where the reports' directory should be: listing it fails.
    writeFileSync(reports, 'not a directory');
    await expect(t.app.reportRetention.sweep()).resolves.toBe(0);
    rmSync(reports);
    const key = newReportKey();
    await t.app.storage.storeFile(key, Readable.from(['Date,RMS ID\r\n']));
    const longAgo = new Date(Date.now() - 30 * 24 * 3_600_000);
    await utimes(path.join(root, key), longAgo, longAgo);
    await expect(t.app.reportRetention.sweep()).resolves.toBe(1);
  });
});

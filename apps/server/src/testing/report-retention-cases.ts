import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { REPORT_MESSAGES, type ReportFile } from '@rms/contracts/monitoring';
import { FILE_KINDS } from '@rms/contracts/uploads';
import { newKey } from '../storage/storage';
import { bearer, signIn, type Session, type TestApp } from './app';
import { PNG } from './files';

// The report retention's cases, run against each store (local disk, S3) by its own test file: exported
// reports past REPORT_RETENTION_HOURS are deleted, fresh ones and uploads are kept, and no link to a
// report outlives it.

export const RETENTION_HOURS = 1;
export const RETENTION_ENV = { REPORT_RETENTION_HOURS: String(RETENTION_HOURS) };

const HOUR = 3_600_000;
const XLSX_TYPE = FILE_KINDS.spreadsheet.types.xlsx;

export interface RetentionStore {
  testApp(): TestApp;
  /** Makes the file under `key` look stored at `at`, as the store itself reports it. */
  backdate(key: string, at: Date): Promise<void>;
}

/** When a signed link expires (ms): this server's `exp`, or S3's X-Amz-Date plus X-Amz-Expires. */
export function linkExpiry(link: string): number {
  const url = new URL(link, 'http://console.invalid');
  const exp = url.searchParams.get('exp');
  if (exp) return Number(exp) * 1000;
  const signed = (url.searchParams.get('X-Amz-Date') ?? '').replace(
    /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
    '$1-$2-$3T$4:$5:$6Z',
  );
  return Date.parse(signed) + Number(url.searchParams.get('X-Amz-Expires')) * 1000;
}

export function reportRetentionCases(store: RetentionStore): void {
  let admin: Session;
  const app = () => store.testApp().app;
  const storage = () => app().storage;
  beforeAll(async () => {
    admin = await signIn(app());
  });

  async function exportReport(): Promise<ReportFile> {
    const res = await app().inject({
      url: '/api/v1/monitoring/device_report/?export_csv=true',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    return res.json<ReportFile>();
  }

  async function storeUpload(kind: 'image' | 'spreadsheet'): Promise<string> {
    const key = kind === 'image' ? newKey('image', 'image/png') : newKey('spreadsheet', XLSX_TYPE);
    const body = kind === 'image' ? PNG : Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    await storage().storeFile(key, Readable.from([body]));
    return key;
  }

  const isStored = async (key: string) => (await storage().storedAt(key)) !== null;

  /** The status a browser gets opening a link (the embedded store's links are this server's). */
  async function open(link: string): Promise<number> {
    if (link.startsWith('/')) return (await app().inject({ url: link })).statusCode;
    return (await fetch(link)).status;
  }

  const downloadFile = (key: string) =>
    app().inject({ url: `/api/v1/uploads/download_file/?path=${key}`, headers: bearer(admin) });

  /** Just past the retention. */
  const expired = () => new Date(Date.now() - RETENTION_HOURS * HOUR - 60_000);

  it('deletes a report past its retention; a fresh report and every upload, however old, stay', async () => {
    const old = await exportReport();
    const fresh = await exportReport();
    const photo = await storeUpload('image');
    const sheet = await storeUpload('spreadsheet');
    await store.backdate(old.report_upload, expired());
    const monthAgo = new Date(Date.now() - 30 * 24 * HOUR);
    for (const key of [photo, sheet]) await store.backdate(key, monthAgo);

    await app().reportRetention.sweep();

    expect(await isStored(old.report_upload)).toBe(false);
    expect(await isStored(fresh.report_upload)).toBe(true);
    expect(await open(fresh.report_path)).toBe(200);
    expect(await isStored(photo)).toBe(true);
    expect(await isStored(sheet)).toBe(true);
    expect(await open(await storage().downloadUrl(photo))).toBe(200);
  });

  it("ends the export's link by the end of the report's retention, before the sweep may delete it", async () => {
    const report = await exportReport();
    const storedAt = (await storage().storedAt(report.report_upload))!.getTime();
    const expiry = linkExpiry(report.report_path);
    expect(expiry).toBeGreaterThan(Date.now());
    expect(expiry).toBeLessThanOrEqual(storedAt + RETENTION_HOURS * HOUR);
    // A photo's display link keeps its usual hours: only reports are cut short.
    const photoLink = await storage().downloadUrl(await storeUpload('image'));
    expect(linkExpiry(photoLink)).toBeGreaterThan(storedAt + RETENTION_HOURS * HOUR);
  });

  it('links a report again until its retention ends, then says it is no longer kept', async () => {
    const report = await exportReport();
    const again = await downloadFile(report.report_upload);
    expect(again.statusCode).toBe(200);
    const storedAt = (await storage().storedAt(report.report_upload))!.getTime();
    expect(linkExpiry(again.json().url)).toBeLessThanOrEqual(storedAt + RETENTION_HOURS * HOUR);
    expect(await open(again.json().url)).toBe(200);

    // Past its end but not yet swept: no new link to a file about to go.
    await store.backdate(report.report_upload, expired());
    const late = await downloadFile(report.report_upload);
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toBe(REPORT_MESSAGES.expired);

    await app().reportRetention.sweep();
    const gone = await downloadFile(report.report_upload);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe(REPORT_MESSAGES.expired);
    // An old upload is linked as before.
    const photo = await storeUpload('image');
    await store.backdate(photo, expired());
    expect((await downloadFile(photo)).statusCode).toBe(200);
  });

  it('runs one sweep at a time: two asked together delete an expired report once', async () => {
    await app().reportRetention.sweep();
    const report = await exportReport();
    await store.backdate(report.report_upload, expired());
    const counts = await Promise.all([app().reportRetention.sweep(), app().reportRetention.sweep()]);
    expect(counts).toEqual([1, 0]);
    expect(await isStored(report.report_upload)).toBe(false);
  });
}

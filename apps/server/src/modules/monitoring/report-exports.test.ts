import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_CSV_HEADER,
  REPORT_EXPORTS_PER_USER,
  REPORT_MESSAGES,
  type ReportExport,
} from '@rms/contracts/monitoring';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { loadFlatHistory, makeActivation, makeOrganization, makeReportExport } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { dayResolver } from '../../telemetry/day-of';

// The device report's exact count and its CSV export as a job (spec 02 §4, §7, §8): the console starts
// the export, follows its progress (rows written of the total) and opens the file when it is done. The
// count is what the ingest stored (a redelivery is not counted); the file has the header and every row
// once, newest first, of the caller's organization only.

const CODES = ['MAP_VIEW', 'GRAPH_VIEW', 'DEVICE_REPORT'];

let t: TestApp;
let f: Fleet;
let viewerA: Session;
let viewerB: Session;
/** Customer C: one light with more than 10,000 samples sent through the ingest. */
let viewerC: Session;
let lampC: TestDevice;
/**
 * Customer D: three lights reporting at the same instants, 120 days of 5-minute samples loaded in bulk:
 * several export slices, whose edges fall between lights of one instant.
 */
let viewerD: Session;
const D_INSTANTS = 120 * 288;
const D_ROWS = 3 * D_INSTANTS;

const api = (session: Session | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: session ? bearer(session) : {},
    ...(payload && { payload }),
  });
const startExport = (session: Session, filters: object = {}) =>
  api(session, 'POST', 'monitoring/device_report/export/', filters);
const jobOf = async (session: Session, id: string, wait = false) =>
  (
    await api(session, 'GET', `monitoring/device_report/export/${id}/${wait ? '?wait=true' : ''}`)
  ).json<ReportExport>();

/** Polls the job as the console does until `until` holds (or gives up after many polls). */
async function follow(session: Session, id: string, until: (job: ReportExport) => boolean) {
  for (let i = 0; i < 600; i++) {
    const job = await jobOf(session, id, i > 0);
    if (until(job)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} never reached the state awaited`);
}
const finished = (job: ReportExport) => job.status !== 'running';

/** The file behind a job's link, as its lines. */
async function fileOf(job: ReportExport): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: job.report_path! });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.body.endsWith('\r\n')).toBe(true);
  return res.body.split('\r\n').slice(0, -1);
}

/**
 * Holds the next file the store writes after its first two chunks (the header and the first rows)
 * until `release`: an export caught half-way, as a slow store or a large file would show it.
 */
function holdStore() {
  const storage = t.app.storage;
  const original = storage.storeFile.bind(storage);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  storage.storeFile = (key, body) => {
    async function* held() {
      let chunks = 0;
      for await (const chunk of body) {
        yield chunk as Buffer;
        if (++chunks === 2) await gate;
      }
    }
    return original(key, Readable.from(held()));
  };
  return {
    release: () => {
      storage.storeFile = original;
      release();
    },
  };
}

async function addCustomer(name: string, lights = 1) {
  const db = t.database.db;
  const org = await makeOrganization(db, { companyName: name, permissions: CODES });
  const devices: TestDevice[] = [];
  for (let i = 1; i <= lights; i++) {
    const device = await addDevice(t, `RMS-${name.replace(/\W/g, '')}-${i}`, org.id);
    await makeActivation(db, { name: `${name} lights`, deviceId: device.id, organizationId: org.id });
    devices.push(device);
  }
  return {
    device: devices[0]!,
    devices,
    viewer: await addUser(t, org.id, `viewer@${name.toLowerCase().replace(/\W/g, '')}.example`, CODES),
  };
}

/** A CSV line's "DD/MM/YYYY hh:mm am" as minutes since the epoch (local), to compare lines. */
function localMinutes(line: string): number {
  const [, dd, mm, yyyy, hh, min, half] = /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d) (am|pm),/.exec(line)!;
  const hour = (Number(hh) % 12) + (half === 'pm' ? 12 : 0);
  return Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), hour, Number(min)) / 60_000;
}

const FIVE_MIN = 5 * 60_000;
/** lampC's samples: 10,500 every 5 minutes up to about an hour ago. */
const C_SAMPLES = 10_500;
const cStart = Math.floor((Date.now() - 3_600_000 - C_SAMPLES * FIVE_MIN) / FIVE_MIN) * FIVE_MIN;
const cSamples = Array.from({ length: C_SAMPLES }, (_, i) =>
  sample(cStart + i * FIVE_MIN, { gsm_sig: 50 + (i % 40) }),
);

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFleet(t);
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', ...CODES] })
    .where(inArray(organizations.id, [f.lampA.organizationId, f.lampB.organizationId]));
  viewerA = await addUser(t, f.lampA.organizationId, 'viewer@customer-a.example', CODES);
  viewerB = await addUser(t, f.lampB.organizationId, 'viewer@customer-b.example', CODES);

  const c = await addCustomer('Org C');
  lampC = c.device;
  viewerC = c.viewer;
  for (let i = 0; i < cSamples.length; i += 1000) await ingest(t, lampC, cSamples.slice(i, i + 1000));

  const d = await addCustomer('Org D', 3);
  viewerD = d.viewer;
  const end = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN - 86_400_000;
  await loadFlatHistory(db, {
    deviceIds: d.devices.map((x) => x.id),
    from: end - (D_INSTANTS - 1) * FIVE_MIN,
    to: end,
    timeZone: 'Asia/Kolkata',
  });
}, 240_000);
afterAll(() => t.close());

describe('the report’s count', () => {
  const countOf = async (session: Session, query = '') =>
    (await api(session, 'GET', `monitoring/device_report/?page_size=1${query}`)).json<{ count: number }>()
      .count;

  it('is exact past 10,000 rows: what the ingest stored, a redelivery not counted, a late sample counted', async () => {
    expect(await countOf(viewerC)).toBe(C_SAMPLES);
    // The device sends a batch again (its acknowledgement was lost): stored once, counted once.
    await ingest(t, lampC, cSamples.slice(2000, 3000));
    expect(await countOf(viewerC)).toBe(C_SAMPLES);
    // Samples that arrive late, in between stored ones on days already counted.
    const late = Array.from({ length: 30 }, (_, i) => sample(cStart + i * FIVE_MIN + 60_000));
    await ingest(t, lampC, late);
    expect(await countOf(viewerC)).toBe(C_SAMPLES + 30);

    // By local days (TIME_ZONE), both included: the samples of those days exactly.
    const dayOf = dayResolver('Asia/Kolkata');
    const all = [...cSamples, ...late].map((s) => dayOf(s.ts as number));
    const days = [...new Set(all)].sort();
    const [from, to] = [days[3]!, days[9]!];
    const expected = all.filter((day) => day >= from && day <= to).length;
    expect(await countOf(viewerC, `&created_at__gte=${from}&created_at__lte=${to}`)).toBe(expected);
    // The page and the file agree.
    const started = (
      await startExport(viewerC, { created_at__gte: from, created_at__lte: to })
    ).json<ReportExport>();
    const job = await follow(viewerC, started.id, finished);
    expect(job).toMatchObject({ status: 'done', rows_total: expected, rows_written: expected });
    expect(await fileOf(job)).toHaveLength(1 + expected);
  });
});

describe('the CSV export job', () => {
  it('answers at once, shows its progress, then the file with every row once, newest first', async () => {
    const store = holdStore();
    const res = await startExport(viewerD);
    expect(res.statusCode).toBe(202);
    const started = res.json<ReportExport>();
    expect(started).toMatchObject({ status: 'running', rows_written: 0, detail: REPORT_MESSAGES.generating });

    // Half-way: some rows written of the exact total, still generating, and listed for the user.
    const midway = await follow(viewerD, started.id, (job) => job.rows_written > 0);
    expect(midway).toMatchObject({
      status: 'running',
      rows_total: D_ROWS,
      detail: REPORT_MESSAGES.generating,
    });
    expect(midway.rows_written).toBeLessThan(D_ROWS);
    expect(midway.report_path).toBeNull();
    const listed = (await api(viewerD, 'GET', 'monitoring/device_report/export/')).json<ReportExport[]>();
    expect(listed.map((j) => [j.id, j.status])).toEqual([[started.id, 'running']]);

    // Asked to wait, a call answers the export as it moves on (the console's way of following it).
    const waited = await api(viewerD, 'GET', `monitoring/device_report/export/${started.id}/?wait=true`);
    expect(waited.statusCode).toBe(200);
    expect(waited.json<ReportExport>().rows_written).toBeGreaterThanOrEqual(midway.rows_written);
    store.release();
    const done = await follow(viewerD, started.id, finished);
    expect(done).toMatchObject({
      status: 'done',
      rows_written: D_ROWS,
      rows_total: D_ROWS,
      detail: REPORT_MESSAGES.generated,
    });
    expect(done.report_upload).toMatch(/^report\/[0-9a-f]{32}\.csv$/);
    expect(done.finished_at).not.toBeNull();
    const lines = await fileOf(done);
    expect(lines[0]).toBe(REPORT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + D_ROWS);
    expect(new Set(lines).size).toBe(lines.length);
    // Newest first across the slices the file was written in: the local times never go up, and each
    // instant has its three lights, highest id first, even where a slice ends among them.
    const minutes = lines.slice(1).map(localMinutes);
    expect(minutes.every((m, i) => i === 0 || m <= minutes[i - 1]!)).toBe(true);
    expect(minutes[0]! - minutes.at(-1)!).toBe((D_INSTANTS - 1) * 5);
    const lights = lines.slice(1).map((line) => line.split(',')[1]);
    const order = ['RMS-OrgD-3', 'RMS-OrgD-2', 'RMS-OrgD-1'];
    expect(lights.every((code, i) => code === order[i % 3])).toBe(true);
    // The link the uploads route gives is the same file's.
    const link = await api(viewerD, 'GET', `uploads/download_file/?path=${done.report_upload}`);
    expect(link.statusCode).toBe(200);
  });

  it('writes a small fleet’s header and rows, and keeps each customer to its own', async () => {
    const a = await follow(viewerA, (await startExport(viewerA)).json<ReportExport>().id, finished);
    const lines = await fileOf(a);
    expect(lines[0]).toBe(REPORT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + 8);
    const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');
    expect(lines[1]).toBe(`${ddmmyyyy(f.day.d0)} 12:00 am,RMS-MON-A1,65,12.6,1.5,1.5,18,2.5,80,55`);
    expect(lines.join('\n')).not.toContain('RMS-MON-B1');

    const b = await follow(viewerB, (await startExport(viewerB)).json<ReportExport>().id, finished);
    const bLines = await fileOf(b);
    expect(bLines).toHaveLength(1 + 3);
    expect(bLines.slice(1).every((line) => line.includes(',RMS-MON-B1,'))).toBe(true);
    // B asking for A's device gets none of its rows; B never sees A's export.
    const peek = await follow(
      viewerB,
      (await startExport(viewerB, { device: f.lampA.id })).json<ReportExport>().id,
      finished,
    );
    expect(peek.rows_total).toBe(0);
    expect(await fileOf(peek)).toEqual([REPORT_CSV_HEADER.join(',')]);
    expect((await api(viewerB, 'GET', `monitoring/device_report/export/${a.id}/`)).statusCode).toBe(404);
    const bList = (await api(viewerB, 'GET', 'monitoring/device_report/export/')).json<ReportExport[]>();
    expect(bList.map((j) => j.id)).not.toContain(a.id);
  });

  it('needs the Device Report code, and names the field it refuses', async () => {
    const url = 'monitoring/device_report/export/';
    expect((await api(null, 'POST', url, {})).statusCode).toBe(401);
    expect((await api(f.plainA, 'POST', url, {})).statusCode).toBe(403);
    expect((await api(f.plainA, 'GET', url)).statusCode).toBe(403);
    const backwards = await startExport(viewerA, {
      created_at__gte: '2026-02-02',
      created_at__lte: '2026-02-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.created_at__lte).toEqual([REPORT_MESSAGES.endBeforeStart]);
    const notDay = await startExport(viewerA, { created_at__gte: '2026-02-30' });
    expect(notDay.json().errors).toHaveProperty('created_at__gte');
    const badWait = await api(viewerA, 'GET', `${url}00000000-0000-4000-8000-000000000000/?wait=soon`);
    expect(badWait.statusCode).toBe(400);
    expect(badWait.json().errors).toHaveProperty('wait');
    const badId = await api(viewerA, 'GET', `${url}not-an-id/`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty('id');
    expect((await api(viewerA, 'GET', `${url}00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
  });

  it(`lets a user run ${REPORT_EXPORTS_PER_USER} exports at once, and says so for another`, async () => {
    const first = holdStore();
    const one = (await startExport(viewerD)).json<ReportExport>();
    await follow(viewerD, one.id, (job) => job.rows_written > 0);
    const second = holdStore();
    const two = (await startExport(viewerD)).json<ReportExport>();
    await follow(viewerD, two.id, (job) => job.rows_written > 0);
    const third = await startExport(viewerD);
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe(REPORT_MESSAGES.busy);
    second.release();
    first.release();
    expect((await follow(viewerD, one.id, finished)).status).toBe('done');
    expect((await follow(viewerD, two.id, finished)).status).toBe('done');
  });

  it('says File Generation Failed! when the file cannot be stored, and when its server went away', async () => {
    const storage = t.app.storage;
    const original = storage.storeFile.bind(storage);
    storage.storeFile = () => Promise.reject(new Error('disk full'));
    try {
      const failed = await follow(viewerA, (await startExport(viewerA)).json<ReportExport>().id, finished);
      expect(failed).toMatchObject({ status: 'failed', detail: REPORT_MESSAGES.failed, report_path: null });
    } finally {
      storage.storeFile = original;
    }
    // A job left running by a server that stopped beating (killed) is reported failed, not running forever.
    const me = (await api(viewerA, 'GET', 'users/me/')).json<{ id: number; organization: number }>();
    const orphan = await makeReportExport(t.database.db, {
      userId: me.id,
      organizationId: me.organization,
      updatedAt: new Date(Date.now() - 30 * 60_000),
    });
    expect(await jobOf(viewerA, orphan.id)).toMatchObject({
      status: 'failed',
      detail: REPORT_MESSAGES.failed,
    });
  });

  it('answers expired, without a link, once the file is past its retention', async () => {
    const job = await follow(viewerB, (await startExport(viewerB)).json<ReportExport>().id, finished);
    await t.app.storage.remove(job.report_upload!);
    expect(await jobOf(viewerB, job.id)).toMatchObject({
      status: 'expired',
      report_path: null,
      report_upload: null,
      detail: REPORT_MESSAGES.expired,
    });
  });

  it('keeps the spec’s call: GET ?export_csv=true answers the stored file', async () => {
    const res = await api(viewerA, 'GET', 'monitoring/device_report/?export_csv=true');
    expect(res.statusCode).toBe(200);
    const file = res.json<{ report_upload: string; report_path: string }>();
    expect(file.report_upload).toMatch(/^report\/[0-9a-f]{32}\.csv$/);
    const lines = await fileOf({ report_path: file.report_path } as ReportExport);
    expect(lines).toHaveLength(1 + 8);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GRAPH_MESSAGES,
  graphPoints,
  MAP_DEFAULT_CENTER,
  REPORT_CSV_HEADER,
  REPORT_MESSAGES,
  type GraphPoint,
  type MapResponse,
  type ReportRow,
} from '@rms/contracts/monitoring';
import { activations } from '../../db/schema/activations';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { loadFlatHistory, makeActivation, makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';

// Graphs, the device report with its CSV export, and the map (spec 02 §2, §3, §7): every answer comes
// from samples in the database, narrowed by the activation list's filters, and a customer never
// receives another customer's device data over any of them.

const CODES = ['MAP_VIEW', 'GRAPH_VIEW', 'DEVICE_REPORT'];

let t: TestApp;
let admin: Session;
let f: Fleet;
/** Org A and B users with the three monitoring codes; C owns a year of 5-minute samples. */
let viewerA: Session;
let viewerB: Session;
let viewerC: Session;
let formulaA: TestDevice;
let yearC: TestDevice;
/** The spike sample of yearC (local noon, 2 months before today). */
let spikeIso: string;
let first: string;
let last: string;

const get = (session: Session | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { ...(session ? bearer(session) : {}), ...headers },
  });

const addDaysTo = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  f = await buildFleet(t);
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', ...CODES] })
    .where(inArray(organizations.id, [f.lampA.organizationId, f.lampB.organizationId]));
  viewerA = await addUser(t, f.lampA.organizationId, 'viewer@customer-a.example', CODES);
  viewerB = await addUser(t, f.lampB.organizationId, 'viewer@customer-b.example', CODES);

  // Coordinates for the fleet's three lights; a fourth light in A whose ID a spreadsheet would run (a leading '-').
  const spot = [
    [f.lampA, 28.5, 77.1],
    [f.quietA, 28.7, 77.3],
    [f.lampB, 19.0, 72.8],
  ] as const;
  for (const [device, latitude, longitude] of spot)
    await db.update(activations).set({ latitude, longitude }).where(eq(activations.deviceId, device.id));
  formulaA = await addDevice(t, '-1-2', f.lampA.organizationId);
  await makeActivation(db, {
    name: 'Formula Lane',
    address1: '9 Formula Road',
    address2: 'Block F',
    pin: '110009',
    deviceId: formulaA.id,
    organizationId: f.lampA.organizationId,
  });
  await ingest(t, formulaA, [sample(f.at(f.day.d2, '13:30:00'), { gsm_sig: 40 })]);

  // Customer C: one activated light with a year of 5-minute samples (written straight to the table),
  // a flat solar power of 18.2 V × 2 A except one spike of 18.2 V × 50 A.
  const orgC = await makeOrganization(db, { companyName: 'Org C', permissions: CODES });
  yearC = await addDevice(t, 'RMS-MON-C1', orgC.id);
  await makeActivation(db, { name: 'Year Park', pin: '110010', deviceId: yearC.id, organizationId: orgC.id });
  viewerC = await addUser(t, orgC.id, 'viewer@customer-c.example', CODES);
  last = f.day.d0;
  first = addDaysTo(last, -364);
  const spike = f.at(addDaysTo(last, -60), '12:02:30');
  spikeIso = new Date(spike).toISOString();
  await loadFlatHistory(db, {
    deviceIds: [yearC.id],
    from: f.at(first, '00:00:00'),
    to: f.at(last, '23:55:00'),
    extra: [{ deviceId: yearC.id, ts: spike, pvI: 50 }],
    timeZone: 'Asia/Kolkata',
  });
}, 120_000);
afterAll(() => t.close());

const ROUTES = () => [
  `monitoring/graph/power/?device=${f.lampA.id}`,
  `monitoring/graph/battery/?device=${f.lampA.id}`,
  `monitoring/graph/solar/?device=${f.lampA.id}`,
  `monitoring/graph/load/?device=${f.lampA.id}`,
  'monitoring/device_report/',
  'monitoring/device_report/?export_csv=true',
  'monitoring/map/',
];

describe('access', () => {
  it('needs a token (401) and the screen’s permission code (403)', async () => {
    for (const url of ROUTES()) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await get(f.plainA, url)).statusCode, url).toBe(403);
      // VIEW_DEVICE_DATA (analysis, alarms) opens none of these screens.
      expect((await get(f.userA, url)).statusCode, url).toBe(403);
      expect((await get(viewerA, url)).statusCode, url).toBe(200);
    }
  });

  it('gives each screen its own code', async () => {
    const only = async (code: string, email: string) => {
      await t.database.db
        .update(organizations)
        .set({ permissions: ['VIEW_DEVICE_DATA', ...CODES] })
        .where(eq(organizations.id, f.lampA.organizationId));
      return addUser(t, f.lampA.organizationId, email, [code]);
    };
    const graphOnly = await only('GRAPH_VIEW', 'graph@customer-a.example');
    expect((await get(graphOnly, `monitoring/graph/solar/?device=${f.lampA.id}`)).statusCode).toBe(200);
    expect((await get(graphOnly, 'monitoring/map/')).statusCode).toBe(403);
    expect((await get(graphOnly, 'monitoring/device_report/')).statusCode).toBe(403);
    const mapOnly = await only('MAP_VIEW', 'map@customer-a.example');
    expect((await get(mapOnly, 'monitoring/map/')).statusCode).toBe(200);
    expect((await get(mapOnly, 'monitoring/device_report/?export_csv=true')).statusCode).toBe(403);
  });
});

describe('graphs', () => {
  const range = () => `start_date=${f.day.d3}&end_date=${f.day.d0}`;

  it('answers every sample of a short range, oldest first, with the spec’s fields', async () => {
    const res = await get(
      viewerA,
      `monitoring/graph/battery/?device=${f.lampA.id}&${range()}&pagination=false`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const points = res.json<GraphPoint[]>();
    // The database writes the answer: it is the contract's shape exactly, no field more or less.
    expect(graphPoints.parse(points)).toEqual(points);
    expect(points.map((p) => p.created_at)).toEqual(
      [
        [f.day.d3, '12:00:00'],
        [f.day.d3, '13:00:00'],
        [f.day.d3, '23:00:00'],
        [f.day.d1, '11:00:00'],
        [f.day.d1, '12:00:00'],
        [f.day.d0, '00:00:01'],
        [f.day.d0, '00:00:02'],
        [f.day.d0, '00:00:03'],
      ].map(([d, time]) => new Date(f.at(d!, time!)).toISOString()),
    );
    const newest = points.at(-1)!;
    expect(newest).toMatchObject({ bt_v: 12.6, bt_ch_i: 1.5, lo_i: 1.5, pv_v: 18, pv_i: 2.5 });
    expect(newest.load_power).toBeCloseTo(18);
    expect(newest.bt_power).toBeCloseTo(18.9);
    expect(newest.pv_power).toBeCloseTo(45);
  });

  it('defaults to the last 7 days to today', async () => {
    const all = (await get(viewerA, `monitoring/graph/load/?device=${f.lampA.id}`)).json<GraphPoint[]>();
    expect(all).toHaveLength(8);
  });

  it('reduces a year of 5-minute samples to at most `points` rows and keeps the spike', async () => {
    const res = await get(
      viewerC,
      `monitoring/graph/solar/?device=${yearC.id}&start_date=${first}&end_date=${last}&points=1000`,
    );
    expect(res.statusCode).toBe(200);
    const points = res.json<GraphPoint[]>();
    expect(points.length).toBeLessThanOrEqual(1000);
    expect(points.length).toBeGreaterThan(400);
    const spike = points.find((p) => p.created_at === spikeIso);
    expect(spike?.pv_power).toBeCloseTo(18.2 * 50, 1);
    expect(Math.max(...points.map((p) => p.pv_power))).toBeCloseTo(18.2 * 50, 1);
    const times = points.map((p) => p.created_at);
    expect([...times].sort()).toEqual(times);
    // A narrow window around the spike holds fewer samples than points: every one of them.
    const day = addDaysTo(last, -60);
    const dayPoints = (
      await get(
        viewerC,
        `monitoring/graph/power/?device=${yearC.id}&start_date=${day}&end_date=${day}&points=1000`,
      )
    ).json<GraphPoint[]>();
    expect(dayPoints).toHaveLength(289);
  });

  it('is 404 for another organization’s device, and empty when the filters leave the device out', async () => {
    expect((await get(viewerB, `monitoring/graph/power/?device=${f.lampA.id}`)).statusCode).toBe(404);
    expect((await get(viewerA, `monitoring/graph/power/?device=${f.lampB.id}`)).statusCode).toBe(404);
    expect((await get(admin, `monitoring/graph/power/?device=${f.lampB.id}`)).statusCode).toBe(200);
    const other = await get(viewerA, `monitoring/graph/power/?device=${f.lampA.id}&project=Quiet%20Lane`);
    expect(other.json()).toEqual([]);
    const same = await get(
      viewerA,
      `monitoring/graph/power/?device=${f.lampA.id}&project=Ring%20Road%20Lights`,
    );
    expect(same.json()).toHaveLength(8);
  });

  it('refuses a missing device, a backwards or too long range, and too many points, naming the field', async () => {
    const missing = await get(viewerA, 'monitoring/graph/power/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.device).toEqual([GRAPH_MESSAGES.deviceRequired]);
    const long = await get(
      viewerA,
      `monitoring/graph/power/?device=${f.lampA.id}&start_date=2025-01-01&end_date=2026-01-02`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.end_date).toEqual([GRAPH_MESSAGES.tooLong]);
    const backwards = await get(
      viewerA,
      `monitoring/graph/power/?device=${f.lampA.id}&start_date=2026-01-02&end_date=2026-01-01`,
    );
    expect(backwards.json().errors.end_date).toEqual([GRAPH_MESSAGES.endBeforeStart]);
    const onlyEnd = await get(
      viewerA,
      `monitoring/graph/power/?device=${f.lampA.id}&start_date=2026-03-01&end_date=2026-03-01x`,
    );
    expect(onlyEnd.json().errors).toHaveProperty('end_date');
    const many = await get(viewerA, `monitoring/graph/power/?device=${f.lampA.id}&points=5001`);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toHaveProperty('points');
  });
});

describe('device report', () => {
  it('pages the samples of the caller’s devices, newest first, and never another customer’s', async () => {
    const res = await get(viewerA, 'monitoring/device_report/?page_size=5');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ results: ReportRow[]; count: number; next: number | null }>();
    expect(page).toMatchObject({ count: 9, current: 1, next: 2 });
    expect(page.results[0]).toEqual({
      created_at: new Date(f.at(f.day.d0, '00:00:03')).toISOString(),
      device: f.lampA.id,
      RMS_ID: 'RMS-MON-A1',
      gsm_sig: 65,
      bt_v: 12.6,
      bt_ch_i: 1.5,
      lo_i: 1.5,
      pv_v: 18,
      pv_i: 2.5,
      mppt: 80,
      SOC: 55,
    });
    const second = (await get(viewerA, 'monitoring/device_report/?page_size=5&page=2')).json();
    expect(second).toMatchObject({ count: 9, current: 2, next: null });
    const all = [...page.results, ...(second.results as ReportRow[])];
    expect(new Set(all.map((r) => r.RMS_ID))).toEqual(new Set(['RMS-MON-A1', '-1-2']));
    const times = all.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const b = (await get(viewerB, 'monitoring/device_report/')).json();
    expect(b.count).toBe(3);
    expect(b.results.every((r: ReportRow) => r.RMS_ID === 'RMS-MON-B1')).toBe(true);
    const peek = (await get(viewerB, `monitoring/device_report/?device=${f.lampA.id}`)).json();
    expect(peek).toMatchObject({ results: [], count: 0 });
  });

  it('filters by the activation filters and by local days', async () => {
    const ring = (await get(viewerA, 'monitoring/device_report/?project=Ring%20Road%20Lights')).json();
    expect(ring.count).toBe(8);
    const formula = (await get(viewerA, 'monitoring/device_report/?query=formula')).json();
    expect(formula.results.map((r: ReportRow) => r.RMS_ID)).toEqual(['-1-2']);
    const pin = (await get(viewerA, 'monitoring/device_report/?pin=110009')).json();
    expect(pin.count).toBe(1);
    const d1 = (
      await get(viewerA, `monitoring/device_report/?created_at__gte=${f.day.d1}&created_at__lte=${f.day.d1}`)
    ).json();
    expect(d1.results.map((r: ReportRow) => r.created_at)).toEqual([
      new Date(f.at(f.day.d1, '12:00:00')).toISOString(),
      new Date(f.at(f.day.d1, '11:00:00')).toISOString(),
    ]);
    const offline = (await get(viewerA, 'monitoring/device_report/?online=false')).json();
    expect(offline.count).toBe(0);
  });

  it('counts a long report exactly, past 10,000 rows, and pages to its end', async () => {
    const res = await get(viewerC, 'monitoring/device_report/?page_size=100', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const page = JSON.parse((await import('node:zlib')).brotliDecompressSync(res.rawPayload).toString());
    // A year of 5-minute samples and the spike: 365 × 288 + 1.
    const total = 365 * 288 + 1;
    expect(page).toMatchObject({ count: total, next: 2 });
    expect(page.results).toHaveLength(100);
    const lastPage = Math.ceil(total / 100);
    const end = (await get(viewerC, `monitoring/device_report/?page_size=100&page=${lastPage}`)).json();
    expect(end).toMatchObject({ count: total, current: lastPage, next: null });
    expect(end.results).toHaveLength(total % 100);
    expect(end.results.at(-1).created_at).toBe(new Date(f.at(first, '00:00:00')).toISOString());

    // Local days, both included: ten days, and the spike's day with its extra sample.
    const ten = (
      await get(
        viewerC,
        `monitoring/device_report/?created_at__gte=${addDaysTo(last, -9)}&created_at__lte=${last}`,
      )
    ).json();
    expect(ten.count).toBe(10 * 288);
    const spikeDay = addDaysTo(last, -60);
    const day = (
      await get(viewerC, `monitoring/device_report/?created_at__gte=${spikeDay}&created_at__lte=${spikeDay}`)
    ).json();
    expect(day.count).toBe(289);
    // Another customer's year is not counted.
    expect((await get(viewerA, 'monitoring/device_report/')).json().count).toBe(9);
  });

  it('refuses a backwards date range, naming the field', async () => {
    const res = await get(
      viewerA,
      'monitoring/device_report/?created_at__gte=2026-02-02&created_at__lte=2026-02-01',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.created_at__lte).toEqual([REPORT_MESSAGES.endBeforeStart]);
    const bad = await get(viewerA, 'monitoring/device_report/?created_at__gte=yesterday');
    expect(bad.json().errors).toHaveProperty('created_at__gte');
  });
});

describe('device report CSV', () => {
  async function csvOf(session: Session, query = '') {
    const res = await get(session, `monitoring/device_report/?export_csv=true${query}`);
    expect(res.statusCode).toBe(200);
    const { report_upload, report_path } = res.json<{ report_upload: string; report_path: string }>();
    expect(report_upload).toMatch(/^report\/[0-9a-f]{32}\.csv$/);
    const file = await t.app.inject({ method: 'GET', url: report_path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    // The uploads download route hands out a link to it as well.
    const link = await get(session, `uploads/download_file/?path=${report_upload}`);
    expect(link.statusCode).toBe(200);
    return file.body.split('\r\n').filter(Boolean);
  }

  it('has the header, local dates in the spec’s format and neutralised formula cells', async () => {
    const lines = await csvOf(viewerA);
    expect(lines[0]).toBe(REPORT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + 9);
    expect(lines[1]).toBe(`${ddmmyyyy(f.day.d0)} 12:00 am,RMS-MON-A1,65,12.6,1.5,1.5,18,2.5,80,55`);
    expect(lines).toContain(`${ddmmyyyy(f.day.d2)} 01:30 pm,'-1-2,40,12.8,2.5,0,18.2,2.7,96.5,80`);
    expect(lines.join('\n')).not.toContain('RMS-MON-B1');
  });

  it('follows the filters and the scope', async () => {
    const ring = await csvOf(viewerA, '&project=Ring%20Road%20Lights');
    expect(ring).toHaveLength(1 + 8);
    const b = await csvOf(viewerB);
    expect(b).toHaveLength(1 + 3);
    expect(b.slice(1).every((line) => line.includes(',RMS-MON-B1,'))).toBe(true);
    const peek = await csvOf(viewerB, `&device=${f.lampA.id}`);
    expect(peek).toEqual([REPORT_CSV_HEADER.join(',')]);
  });

  it('writes every row of a range larger than one batch, newest first, once', async () => {
    const start = addDaysTo(last, -9);
    const lines = await csvOf(viewerC, `&created_at__gte=${start}&created_at__lte=${last}`);
    expect(lines).toHaveLength(1 + 10 * 288);
    expect(lines[1]!.startsWith(`${ddmmyyyy(last)} 11:55 pm,RMS-MON-C1,`)).toBe(true);
    expect(lines.at(-1)!.startsWith(`${ddmmyyyy(start)} 12:00 am,RMS-MON-C1,`)).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

describe('map', () => {
  it('answers the caller’s activated devices with coordinates, their status and the centre', async () => {
    const res = await get(viewerA, 'monitoring/map/');
    expect(res.statusCode).toBe(200);
    const map = res.json<MapResponse>();
    const byId = new Map(map.data.map((m) => [m.RMS_ID, m]));
    expect([...byId.keys()].sort()).toEqual(['RMS-MON-A1', 'RMS-MON-A2']);
    const lamp = byId.get('RMS-MON-A1')!;
    expect(lamp).toEqual({
      lat: 28.5,
      lon: 77.1,
      RMS_ID: 'RMS-MON-A1',
      gsm_sig: 65,
      status: 'On Error',
      last_add_on: expect.any(String),
      device: f.lampA.id,
    });
    expect(Date.parse(lamp.last_add_on!)).toBe(f.at(f.day.d0, '00:00:03'));
    expect(byId.get('RMS-MON-A2')).toMatchObject({ gsm_sig: null, status: 'Offline', last_add_on: null });
    expect(map.extra_data.center_latitude).toBeCloseTo(28.6);
    expect(map.extra_data.center_longitude).toBeCloseTo(77.2);
    expect(map.extra_data.tile_url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(map.extra_data.tile_attribution).toContain('OpenStreetMap');

    const b = (await get(viewerB, 'monitoring/map/')).json<MapResponse>();
    expect(b.data.map((m) => m.RMS_ID)).toEqual(['RMS-MON-B1']);
  });

  it('filters with the activation filters and falls back to the spec’s centre', async () => {
    const quiet = (await get(viewerA, 'monitoring/map/?online=false')).json<MapResponse>();
    expect(quiet.data.map((m) => m.RMS_ID)).toEqual(['RMS-MON-A2']);
    const found = (await get(viewerA, 'monitoring/map/?query=MON-A1')).json<MapResponse>();
    expect(found.data.map((m) => m.RMS_ID)).toEqual(['RMS-MON-A1']);
    const none = (await get(viewerA, 'monitoring/map/?project=Nowhere')).json<MapResponse>();
    expect(none.data).toEqual([]);
    expect(none.extra_data).toMatchObject({
      center_latitude: MAP_DEFAULT_CENTER.latitude,
      center_longitude: MAP_DEFAULT_CENTER.longitude,
    });
    const bad = await get(viewerA, 'monitoring/map/?state=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('state');
  });
});

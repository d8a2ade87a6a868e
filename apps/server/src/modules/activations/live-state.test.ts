import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema/master-data';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';

// The activation list's online flag, status and last data come from what the device reports.

let t: TestApp;
let admin: Session;
let lamp: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  lamp = await addDevice(t, 'RMS-LIVE-1');
  const [city] = await t.database.db.select().from(cities).where(eq(cities.isActive, true)).limit(1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/devices/activation/',
    headers: bearer(admin),
    payload: {
      name: 'Live Project',
      device: lamp.id,
      address1: '1 Ring Road',
      address2: 'Sector 4',
      state: city!.stateId,
      city: city!.id,
      pin: '110001',
      latitude: 28.61,
      longitude: 77.21,
    },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/devices/activation/?project=Live%20Project${query}`,
    headers: bearer(admin),
  });
  return res.json<{ results: { online: boolean; status: string | null; last_add_on: string | null }[] }>()
    .results;
};

describe('live state in the activation list', () => {
  it('is offline with no last data before the device reports', async () => {
    expect(await list()).toMatchObject([{ online: false, status: 'Offline', last_add_on: null }]);
    expect(await list('&online=true')).toHaveLength(0);
  });

  it('is online with the newest sample’s time once it reports', async () => {
    const ts = Date.now() - 60_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/telemetry/',
      headers: { authorization: `Basic ${Buffer.from(`${lamp.code}:${lamp.key}`).toString('base64')}` },
      payload: sample(ts),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await list('&online=true');
    expect(row).toMatchObject({ online: true, status: 'Online' });
    expect(Date.parse(row!.last_add_on!)).toBe(ts);
    expect(await list('&online=false')).toHaveLength(0);
  });

  it('reads On Error, as on the map, while a fault-like alarm is open', async () => {
    const send = async (ts: number, soc: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/telemetry/',
        headers: { authorization: `Basic ${Buffer.from(`${lamp.code}:${lamp.key}`).toString('base64')}` },
        payload: sample(ts, { soc }),
      });
      expect(res.statusCode).toBe(200);
    };
    await send(Date.now() - 30_000, 8); // battery low: an alarm the device's state shows
    expect(await list('&online=true')).toMatchObject([{ online: true, status: 'On Error' }]);
    const map = await t.app.inject({
      method: 'GET',
      url: '/api/v1/monitoring/map/?project=Live%20Project',
      headers: bearer(admin),
    });
    expect(map.json<{ data: { status: string }[] }>().data).toMatchObject([{ status: 'On Error' }]);
    await send(Date.now() - 20_000, 80);
    expect(await list()).toMatchObject([{ online: true, status: 'Online' }]);
  });
});

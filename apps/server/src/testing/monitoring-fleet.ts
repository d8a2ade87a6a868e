import { expect } from 'vitest';
import { today } from '../calendar';
import type { Session, TestApp } from './app';
import { addDevice, sample, type TestDevice } from './devices';
import { makeActivations, makeOrganization, makeParameterVersions, makePole, makeStlt } from './factories';
import { addUser } from './users';

// A small fleet for the monitoring and dashboard tests: customer A with a reporting light (lampA, with
// STLT, pole, parameters and a known history over four local days) and a silent one (quietA); customer
// B with one reporting light. Telemetry goes through HTTP ingest, so live state, harvest and alarms are
// derived the real way. Days are local (Asia/Kolkata, the tests' time zone).

export interface Fleet {
  /** Today and the days before it, local YYYY-MM-DD. */
  day: { d0: string; d1: string; d2: string; d3: string };
  /** Epoch ms of local `time` on `day`. */
  at: (day: string, time: string) => number;
  lampA: TestDevice;
  quietA: TestDevice;
  lampB: TestDevice;
  userA: Session;
  plainA: Session;
  userB: Session;
}

export async function ingest(t: TestApp, device: TestDevice, samples: Record<string, unknown>[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/telemetry/',
    headers: { authorization: `Basic ${Buffer.from(`${device.code}:${device.key}`).toString('base64')}` },
    payload: samples,
  });
  expect(res.statusCode).toBe(200);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function buildFleet(t: TestApp): Promise<Fleet> {
  expect(t.app.config.timeZone).toBe('Asia/Kolkata');
  const db = t.database.db;
  const d0 = today('Asia/Kolkata');
  const day = { d0, d1: addDays(d0, -1), d2: addDays(d0, -2), d3: addDays(d0, -3) };
  const at = (d: string, time: string) => Date.parse(`${d}T${time}+05:30`);

  const customer = async (email: string) =>
    (await makeOrganization(db, { companyName: `Org of ${email}`, email, permissions: ['VIEW_DEVICE_DATA'] }))
      .id;
  const orgA = await customer('a@customer-a.example');
  const orgB = await customer('b@customer-b.example');
  const lampA = await addDevice(t, 'RMS-MON-A1', orgA);
  const quietA = await addDevice(t, 'RMS-MON-A2', orgA);
  const lampB = await addDevice(t, 'RMS-MON-B1', orgB);
  const stlt = await makeStlt(db, { organizationId: orgA, code: 'STLT-A1', model: 'M1' });
  const pole = await makePole(db, { organizationId: orgA, code: 'POLE-A1', model: 'M1' });
  const street = { address1: '1 Ring Road', address2: 'Sector 4' };
  await makeActivations(db, [
    {
      ...street,
      name: 'Ring Road Lights',
      pin: '110001',
      deviceId: lampA.id,
      stltId: stlt.id,
      poleId: pole.id,
      panelId: 'PNL-1',
      batteryId: 'BAT-1',
      organizationId: orgA,
    },
    { ...street, name: 'Quiet Lane', pin: '110002', deviceId: quietA.id, organizationId: orgA },
    { ...street, name: 'B Park', pin: '110003', deviceId: lampB.id, organizationId: orgB },
  ]);
  await makeParameterVersions(db, [{ deviceId: lampA.id, version: 1, values: { dim_1: 5, dim_2: 6 } }]);

  // lampA: device fault E12 on d3 (cleared on d1), battery low on d1 (cleared today), fault E7 open now.
  await ingest(t, lampA, [
    sample(at(day.d3, '12:00:00'), { pv_i: 2, mppt: 90, energy_wh: 1000, faults: ['E12'] }),
    sample(at(day.d3, '13:00:00'), { pv_i: 2, mppt: 94, energy_wh: 1200, faults: ['E12'] }),
    sample(at(day.d3, '23:00:00'), { pv_i: 0, mppt: 10, energy_wh: 1250, faults: ['E12'] }),
  ]);
  await ingest(t, lampA, [
    sample(at(day.d1, '11:00:00'), { pv_i: 3, mppt: 80, energy_wh: 1300, soc: 15, faults: [] }),
    sample(at(day.d1, '12:00:00'), { pv_i: 3, mppt: 80, energy_wh: 1500, soc: 15, faults: [] }),
  ]);
  await ingest(t, lampA, [
    sample(at(d0, '00:00:01'), { mppt: 60, energy_wh: 1550, lo_sts: 1, brightness: 100, lo_v: 12, lo_i: 1 }),
    sample(at(d0, '00:00:02'), { mppt: 70, energy_wh: 1575, lo_sts: 1, brightness: 100, lo_v: 12, lo_i: 1 }),
    sample(at(d0, '00:00:03'), {
      gsm_sig: 65,
      bt_v: 12.6,
      bt_ch_i: 1.5,
      bt_dis_i: 0.4,
      soc: 55,
      pv_v: 18,
      pv_i: 2.5,
      lo_v: 12,
      lo_i: 1.5,
      brightness: 40,
      lo_sts: 0,
      mppt: 80,
      energy_wh: 1600,
      faults: ['E7'],
    }),
  ]);
  // lampB: 300 Wh on d1 and an open fault today.
  await ingest(t, lampB, [
    sample(at(day.d1, '10:00:00'), { energy_wh: 100 }),
    sample(at(day.d1, '11:00:00'), { energy_wh: 400 }),
    sample(at(d0, '00:00:05'), { energy_wh: 400, faults: ['E99'] }),
  ]);

  return {
    day,
    at,
    lampA,
    quietA,
    lampB,
    userA: await addUser(t, orgA, 'watch@customer-a.example', ['VIEW_DEVICE_DATA']),
    plainA: await addUser(t, orgA, 'plain@customer-a.example', []),
    userB: await addUser(t, orgB, 'watch@customer-b.example', ['VIEW_DEVICE_DATA']),
  };
}

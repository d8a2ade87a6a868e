import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEY_MESSAGES } from '@rms/contracts/inventory';
import { organizations } from '../../db/schema/organizations';
import { verifyDevice } from '../../telemetry/device-keys';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { addUser } from '../../testing/users';

// Device keys: made with an RMS device and shown once, remade from its edit screen.

let t: TestApp;
let admin: Session;
let customer: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const codes = ['CREATE_RMS', 'VIEW_RMS'];
  const [org] = await t.database.db
    .insert(organizations)
    .values({ companyName: 'Other Lights', email: 'boss@other.example', permissions: codes })
    .returning({ id: organizations.id });
  customer = await addUser(t, org!.id, 'boss@other.example', codes);
});
afterAll(() => t.close());

async function createRms(session: Session, code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/devices/rms/',
    headers: bearer(session),
    payload: {
      device_id: code,
      model: 'RMS-12',
      manufacture: 'Surya',
      inventory_date: '2026-01-01',
      expiry_date: '2099-01-01',
      remarks: 'key test',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; device_key?: string }>();
}

describe('device keys', () => {
  it('comes with a new RMS device, once, and lets the device sign in', async () => {
    const created = await createRms(admin, 'KEY-1');
    expect(created.device_key).toMatch(/^rmsk_/);
    expect(await verifyDevice(t.database.db, 'KEY-1', created.device_key!)).toMatchObject({ id: created.id });
    expect(await verifyDevice(t.database.db, 'KEY-1', `${created.device_key!}x`)).toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devices/rms/?query=KEY-1',
      headers: bearer(admin),
    });
    expect(list.body).not.toContain('rmsk_');
  });

  it('is remade on request: the new key works, the old one no longer', async () => {
    const created = await createRms(admin, 'KEY-2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devices/rms/device_key/',
      headers: bearer(admin),
      payload: { id: created.id },
    });
    expect(res.statusCode).toBe(200);
    const { device_key, detail } = res.json<{ device_key: string; detail: string }>();
    expect(detail).toBe(DEVICE_KEY_MESSAGES.rotated);
    expect(await verifyDevice(t.database.db, 'KEY-2', device_key)).not.toBeNull();
    expect(await verifyDevice(t.database.db, 'KEY-2', created.device_key!)).toBeNull();
  });

  it('cannot be remade for another organization’s device', async () => {
    const created = await createRms(admin, 'KEY-3');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devices/rms/device_key/',
      headers: bearer(customer),
      payload: { id: created.id },
    });
    expect(res.statusCode).toBe(404);
    expect(await verifyDevice(t.database.db, 'KEY-3', created.device_key!)).not.toBeNull();
  });

  it('stops working when the device is deleted', async () => {
    const created = await createRms(customer, 'KEY-4');
    const del = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/devices/rms/',
      headers: bearer(customer),
      payload: { id: created.id, is_active: false, expiry_date: '2099-01-01' },
    });
    expect(del.statusCode).toBe(200);
    expect(await verifyDevice(t.database.db, 'KEY-4', created.device_key!)).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import {
  DEVICE_KEY_LIMITS,
  DEVICE_KEY_MESSAGES,
  type DeviceKeysAnswer,
  type IssuedDeviceKey,
} from '@rms/contracts/inventory';
import { telemetrySamples } from '../../db/schema/telemetry';
import { verifyDevice } from '../../telemetry/device-keys';
import { bearer, signIn, type Session, type TestApp } from '../../testing/app';
import { sample } from '../../testing/devices';
import { linkedTestApp } from '../../testing/linked-app';
import { storeSheet, xlsx } from '../../testing/sheets';
import { makeDevice, makeOrganization, providerIdOf } from '../../testing/factories';
import { addUser } from '../../testing/users';

// Device keys: made with every RMS device (form or sheet) and shown once, remade for one device from its
// edit screen or for a selection from the list, for the flashing step. Sign-in is tried with a real MQTT
// client against the embedded broker.

const link = linkedTestApp();
let t: TestApp;
let admin: Session;
let customer: Session;
let viewer: Session;
beforeAll(async () => {
  t = link.t;
  admin = await signIn(t.app);
  const codes = ['CREATE_RMS', 'VIEW_RMS'];
  const org = await makeOrganization(t.database.db, { companyName: 'Other Lights', permissions: codes });
  customer = await addUser(t, org.id, 'boss@other.example', codes);
  viewer = await addUser(t, org.id, 'viewer@other.example', ['VIEW_RMS']);
});

/** Signs in over MQTT with the RMS ID and key; resolves with the client, rejects when refused. */
async function mqttSignIn(code: string, key: string) {
  return link.connect({ code, key });
}
const REFUSED = /Bad username or password|Not authorized|Connection refused/i;

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

/** An RMS sheet of these IDs, uploaded by the session: the upload's answer. */
async function bulkRms(session: Session, codes: string[]) {
  const rows = codes.map((code) => [code, 'Surya', 'RMS-X1', '2026-01-15', '2099-01-01', 'flash batch']);
  const key = await storeSheet(
    t.app,
    session,
    await xlsx([BULK_AREAS.rms.columns.map((c) => c.header), ...rows]),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS.rms.path}`,
    headers: bearer(session),
    payload: { report_upload: key },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ created: number; device_keys: IssuedDeviceKey[] }>();
}

function issueKeys(session: Session | null, devices: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/devices/rms/keys/',
    headers: session ? bearer(session) : {},
    payload: { devices },
  });
}

describe('bulk-uploaded RMS devices', () => {
  it('each get a key in the upload answer, with which the device signs in over MQTT and reports', async () => {
    const answer = await bulkRms(customer, ['FLASH-2', 'FLASH-1', 'FLASH-3']);
    expect(answer.created).toBe(3);
    expect(answer.device_keys.map((k) => k.device_id)).toEqual(['FLASH-2', 'FLASH-1', 'FLASH-3']);
    const { id, device_key } = answer.device_keys[1]!;
    const client = await mqttSignIn('FLASH-1', device_key);
    await client.publishAsync('rms/FLASH-1/telemetry', JSON.stringify(sample(Date.now() - 1000)), { qos: 1 });
    expect(
      await t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, id)),
    ).toHaveLength(1);

    // The list says each has a key, and never shows one.
    const list = await t.app.inject({ url: '/api/v1/devices/rms/?query=FLASH-', headers: bearer(customer) });
    expect(list.body).not.toContain('rmsk_');
    for (const row of list.json<{ results: { device_key_issued_at: string | null }[] }>().results)
      expect(row.device_key_issued_at).toEqual(expect.any(String));
  });
});

describe('keys for a selection (POST devices/rms/keys/)', () => {
  it('issues new keys by RMS ID; the old keys stop working at once and a connected device is dropped', async () => {
    const made = await bulkRms(customer, ['ROT-B', 'ROT-A']);
    const connected = await mqttSignIn('ROT-A', made.device_keys[1]!.device_key);
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));

    const res = await issueKeys(
      customer,
      made.device_keys.map((k) => k.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<DeviceKeysAnswer>();
    expect(answer.detail).toBe(DEVICE_KEY_MESSAGES.issued(2));
    expect(answer.keys.map((k) => k.device_id)).toEqual(['ROT-A', 'ROT-B']);
    await closed;

    for (const old of made.device_keys)
      await expect(mqttSignIn(old.device_id, old.device_key)).rejects.toThrow(REFUSED);
    for (const fresh of answer.keys) await mqttSignIn(fresh.device_id, fresh.device_key);
  });

  it('gives a device without a key (made before keys came with sheets) its first one', async () => {
    const row = await makeDevice(t.database.db, {
      code: 'NOKEY-1',
      organizationId: await providerIdOf(t.database.db),
    });
    const list = await t.app.inject({ url: '/api/v1/devices/rms/?query=NOKEY-1', headers: bearer(admin) });
    expect(list.json().results[0].device_key_issued_at).toBeNull();
    const res = await issueKeys(admin, [row.id]);
    const [issued] = res.json<DeviceKeysAnswer>().keys;
    await mqttSignIn('NOKEY-1', issued!.device_key);
  });

  it('answers 404 for a device of another organization and changes nothing, even beside one’s own', async () => {
    const theirs = await createRms(admin, 'PROVIDER-KEY-1');
    const mine = (await bulkRms(customer, ['MINE-KEY-1'])).device_keys[0]!;
    for (const devices of [[theirs.id], [mine.id, theirs.id]]) {
      const res = await issueKeys(customer, devices);
      expect(res.statusCode).toBe(404);
    }
    expect(await verifyDevice(t.database.db, 'PROVIDER-KEY-1', theirs.device_key!)).not.toBeNull();
    expect(await verifyDevice(t.database.db, 'MINE-KEY-1', mine.device_key)).not.toBeNull();
    // The provider's people may issue keys for any organization's devices.
    expect((await issueKeys(admin, [mine.id])).statusCode).toBe(200);
  });

  it('needs CREATE_RMS (403) and a session (401)', async () => {
    const mine = await createRms(customer, 'PERM-KEY-1');
    expect((await issueKeys(viewer, [mine.id])).statusCode).toBe(403);
    expect((await issueKeys(null, [mine.id])).statusCode).toBe(401);
    expect(await verifyDevice(t.database.db, 'PERM-KEY-1', mine.device_key!)).not.toBeNull();
  });

  it('takes 1 to the limit of devices, naming the field', async () => {
    for (const devices of [
      [],
      Array.from({ length: DEVICE_KEY_LIMITS.maxDevices + 1 }, (_, i) => i + 1),
      ['x'],
      undefined,
    ]) {
      const res = await issueKeys(customer, devices);
      expect(res.statusCode).toBe(400);
      const fields = Object.keys(res.json().errors ?? {});
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) expect(field).toMatch(/^devices(\.\d+)?$/);
    }
    const deleted = await createRms(customer, 'GONE-KEY-1');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/devices/rms/',
      headers: bearer(customer),
      payload: { id: deleted.id, is_active: false },
    });
    expect((await issueKeys(customer, [deleted.id])).statusCode).toBe(404);
  });
});

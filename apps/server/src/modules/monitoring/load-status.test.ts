import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_STATUS_MESSAGES } from '@rms/contracts/monitoring';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { addDevice, connectDevice, type TestDevice } from '../../testing/devices';

// Load on/off (spec 02 §4) goes to the device as a command over real MQTT and comes back acknowledged.

let t: TestApp;
let admin: Session;
let outsider: Session;
let watcher: Session;
let lamp: TestDevice;
let device: MqttClient;
const URL = '/api/v1/monitoring/load_status/';

/** A user in an organization of their own, both holding these codes. */
async function addOwnOrgUser(email: string, permissions: string[]) {
  const org = await makeOrganization(t.database.db, { permissions });
  return addUser(t, org.id, email, permissions);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.deviceLink.start();
  admin = await signIn(t.app);
  outsider = await addOwnOrgUser('boss@elsewhere.example', ['DEVICE_ACTIVATION']);
  watcher = await addOwnOrgUser('watch@elsewhere.example', []);
  lamp = await addDevice(t, 'RMS-LOAD-1');
  device = await connectDevice(t.app.deviceLink.mqttPort!, lamp);
  await device.subscribeAsync(`rms/${lamp.code}/cmd`, { qos: 1 });
  // The device answers every command it gets.
  device.on('message', (_topic, message) => {
    const { id } = JSON.parse(message.toString()) as { id: number };
    void device.publishAsync(`rms/${lamp.code}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
  });
});
afterAll(async () => {
  // Stop answering, then end without force: a forced end fails an acknowledgement still in flight,
  // whose promise nobody awaits (an unhandled rejection that fails the run).
  device.removeAllListeners('message');
  await device.endAsync();
  await t.close();
});

const read = (session: Session, deviceId = lamp.id) =>
  t.app.inject({
    method: 'GET',
    url: `${URL}?device=${deviceId}&pagination=false`,
    headers: bearer(session),
  });

describe('load status', () => {
  it('has no record at first (the light counts as Off)', async () => {
    const res = await read(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('switches on: the record is created and the device acknowledges the command', async () => {
    const commands: unknown[] = [];
    device.on('message', (_t, m) => commands.push(JSON.parse(m.toString())));
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(admin),
      payload: { device: lamp.id, lo_sts: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      lo_sts: 1,
      detail: LOAD_STATUS_MESSAGES.on,
      command: { status: 'pending' },
    });
    await expect.poll(async () => read(admin).then((r) => r.json()[0].command.status)).toBe('acknowledged');
    expect(commands).toContainEqual(expect.objectContaining({ kind: 'load', payload: { lo_sts: 1 } }));

    const again = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(admin),
      payload: { device: lamp.id, lo_sts: 1 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(LOAD_STATUS_MESSAGES.exists);
  });

  it('switches off through the record’s id', async () => {
    const [record] = (await read(admin)).json<{ id: number }[]>();
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: bearer(admin),
      payload: { device: lamp.id, id: record!.id, lo_sts: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lo_sts: 0, detail: LOAD_STATUS_MESSAGES.off });
    await expect.poll(async () => read(admin).then((r) => r.json()[0].command.status)).toBe('acknowledged');
  });

  it('refuses a bad lo_sts, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(admin),
      payload: { device: lamp.id, lo_sts: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('lo_sts');
  });

  it('keeps other organizations out (404), and switching needs DEVICE_ACTIVATION (403)', async () => {
    expect((await read(outsider)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(outsider),
      payload: { device: lamp.id, lo_sts: 1 },
    });
    expect(res.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(watcher),
      payload: { device: lamp.id, lo_sts: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });
});

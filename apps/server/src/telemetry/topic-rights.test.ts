import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, signIn, type Session, type TestApp } from '../testing/app';
import { addDevice, connectDevice, type TestDevice } from '../testing/devices';
import { linkedTestApp } from '../testing/linked-app';
import { makeOrganization } from '../testing/factories';
import { recordCommands } from './commands';
import { DeviceLink } from './device-link';
import { mayPublish, maySubscribe, parseUplink } from './topics';

// A device may use exactly its own topics: rms/<id>/{telemetry,fault,ack} to publish, rms/<id>/cmd to
// subscribe. Topics are compared level by level; wildcards never match for a device, and an RMS ID
// outside the grammar (letters, digits, '.', '_', '-') can neither be made nor sign in.

describe('topic rules', () => {
  it('lets a device publish and subscribe only to its own topics, level by level', () => {
    expect(mayPublish('RMS-1', 'rms/RMS-1/telemetry')).toBe(true);
    expect(mayPublish('RMS-1', 'rms/RMS-1/ack')).toBe(true);
    expect(maySubscribe('RMS-1', 'rms/RMS-1/cmd')).toBe(true);
    for (const topic of [
      'rms/RMS-2/telemetry',
      'rms/+/telemetry',
      'rms/#',
      'rms/RMS-1/telemetry/x',
      'rms//telemetry',
    ])
      expect(mayPublish('RMS-1', topic)).toBe(false);
    for (const filter of [
      'rms/+/cmd',
      'rms/#',
      '#',
      '+/+/cmd',
      'rms/RMS-1/#',
      'rms/RMS-1/+',
      'rms/RMS-2/cmd',
      '$share/g/rms/RMS-1/cmd',
      'rms/RMS-1/cmd/',
      '/rms/RMS-1/cmd',
    ])
      expect(maySubscribe('RMS-1', filter)).toBe(false);
  });

  it('gives a device named by a wildcard no topic at all', () => {
    for (const code of ['+', '#', 'a/b', '', 'a b'])
      expect([maySubscribe(code, `rms/${code}/cmd`), mayPublish(code, `rms/${code}/telemetry`)]).toEqual([
        false,
        false,
      ]);
    expect(parseUplink('rms/+/telemetry')).toBeNull();
  });
});

const link = linkedTestApp();
let t: TestApp;
let port: number;
let admin: Session;
let mine: TestDevice;
let theirs: TestDevice;

beforeAll(async () => {
  ({ t, port } = link);
  admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  const other = await makeOrganization(t.database.db, { companyName: 'Other tenant' });
  mine = await addDevice(t, 'RMS-MINE-1');
  theirs = await addDevice(t, 'RMS-THEIRS-1', other.id);
});

describe('over a real MQTT connection', () => {
  it('refuses every wildcard or foreign subscription, and the other tenant’s command never arrives', async () => {
    const client = await link.connect(mine);
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic));
    for (const filter of [
      'rms/+/cmd',
      'rms/#',
      '#',
      '+/+/cmd',
      `rms/${theirs.code}/cmd`,
      `$share/g/rms/${theirs.code}/cmd`,
      `rms/${mine.code}/+`,
    ]) {
      const granted = await client.subscribeAsync(filter, { qos: 1 }).catch(() => null);
      expect(granted === null || granted.every((g) => g.qos === 128), filter).toBe(true);
      if (!client.connected) break;
    }
    const theirClient = await link.connect(theirs);
    const delivered = new Promise<string>((resolve) => theirClient.on('message', (topic) => resolve(topic)));
    await theirClient.subscribeAsync(`rms/${theirs.code}/cmd`, { qos: 1 });
    await recordCommands(t.database.db, [
      { deviceId: theirs.id, organizationId: theirs.organizationId, kind: 'refresh' },
    ]);
    expect(await delivered).toBe(`rms/${theirs.code}/cmd`);
    expect(received).toEqual([]);
  });

  it('refuses the sign-in of a device whose stored RMS ID breaks the grammar, over MQTT and HTTP', async () => {
    const bad = await addDevice(t, '+');
    await expect(connectDevice(port, bad)).rejects.toThrow(/Bad username or password|Not authorized/i);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/telemetry/',
      headers: { authorization: `Basic ${Buffer.from(`${bad.code}:${bad.key}`).toString('base64')}` },
      payload: [],
    });
    expect(res.statusCode).toBe(401);
  });

  it('names such devices in a warning when the device link starts', async () => {
    await addDevice(t, 'lamp#7');
    const warnings: string[] = [];
    const log = {
      warn: (_obj: unknown, message: string) => warnings.push(message),
      info: () => {},
      error: () => {},
      debug: () => {},
    } as unknown as FastifyBaseLogger;
    const link = new DeviceLink({ db: t.database.db, log, timeZone: 'Asia/Kolkata', mqttPort: 0 });
    await link.start();
    await link.stop();
    expect(warnings.join('\n')).toMatch(/"\+".*"lamp#7"/);
  });
});

describe('the RMS ID grammar at the API', () => {
  it.each(['+', '#', 'rms/+', 'a b', 'x'.repeat(65), 'lamp\u00007', 'ünïcode', '$SYS'])(
    'refuses %j as an RMS ID, naming the field',
    async (deviceId) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/devices/rms/',
        headers: bearer(admin),
        payload: {
          device_id: deviceId,
          model: 'M1',
          expiry_date: '2030-01-01',
          manufacture: 'Acme',
          inventory_date: '2025-01-01',
          remarks: 'ok',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('device_id');
    },
  );

  it('refuses the same on update and for STLT and pole IDs', async () => {
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/devices/rms/',
      headers: bearer(admin),
      payload: { id: mine.id, device_id: 'rms/#' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toHaveProperty('device_id');
    const stlt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devices/stlt/',
      headers: bearer(admin),
      payload: {
        stlt_id: 'a+b',
        model_no: 'M',
        manufacture: 'A',
        inventory_date: '2025-01-01',
        remarks: 'r',
      },
    });
    expect(stlt.statusCode).toBe(400);
    expect(stlt.json().errors).toHaveProperty('stlt_id');
  });
});

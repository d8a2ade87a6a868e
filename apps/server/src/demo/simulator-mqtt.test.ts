import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimDevice } from '@rms/simulator/device';
import { DEFAULT_CENTRE } from '@rms/simulator/fleet';
import { HttpDevice } from '@rms/simulator/http-device';
import { MqttDevice } from '@rms/simulator/mqtt-device';
import { deviceCommands } from '../db/schema/commands';
import { deviceLiveState, telemetrySamples } from '../db/schema/telemetry';
import { recordCommands } from '../telemetry/commands';
import { createTestApp, type TestApp } from '../testing/app';
import { addDevice, type TestDevice } from '../testing/devices';

// The simulator's device over a real MQTT connection to the embedded broker, signed in with its key.

let t: TestApp;
let lamp: TestDevice;
let device: MqttDevice;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.deviceLink.start();
  lamp = await addDevice(t, 'SIM-MQTT-1');
  device = new MqttDevice({
    url: `mqtt://127.0.0.1:${t.app.deviceLink.mqttPort}`,
    code: lamp.code,
    key: lamp.key,
    sim: new SimDevice({
      code: lamp.code,
      ...DEFAULT_CENTRE,
      seed: 1,
      weatherSeed: 1,
      system: 12,
      panelWp: 100,
    }),
  });
  await device.connect();
});
afterAll(async () => {
  await device.close();
  await t.close();
});

const samplesOf = () =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, lamp.id));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('publishes samples the server stores, and answers refresh and load commands with acks', async () => {
  await device.report();
  expect(await samplesOf()).toHaveLength(1);

  const ids = await recordCommands(t.database.db, [
    { deviceId: lamp.id, organizationId: lamp.organizationId, kind: 'refresh' },
    { deviceId: lamp.id, organizationId: lamp.organizationId, kind: 'load', payload: { lo_sts: 1 } },
  ]);
  const commands = await until(
    () => t.database.db.select().from(deviceCommands).where(inArray(deviceCommands.id, ids)),
    (rows) => rows.every((r) => r.status === 'acknowledged'),
  );
  expect(commands.map((c) => c.status)).toEqual(['acknowledged', 'acknowledged']);
  expect(device.acks).toBe(2);

  // Each answered command came with a fresh sample; after the load command the lamp is on.
  const samples = await until(samplesOf, (rows) => rows.length >= 3);
  expect(samples.length).toBeGreaterThanOrEqual(3);
  const live = await until(
    () => t.database.db.select().from(deviceLiveState).where(eq(deviceLiveState.deviceId, lamp.id)),
    (rows) => rows[0]?.sample.lo_sts === 1,
  );
  expect(live[0]!.sample.lo_sts).toBe(1);
  expect(live[0]!.status).toBe('Online');
});

it('reports over the HTTP ingest with its key as well', async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const other = await addDevice(t, 'SIM-HTTP-1');
  const http = new HttpDevice({
    baseUrl: address,
    code: other.code,
    key: other.key,
    sim: new SimDevice({
      code: other.code,
      ...DEFAULT_CENTRE,
      seed: 2,
      weatherSeed: 1,
      system: 24,
      panelWp: 200,
    }),
  });
  await http.report();
  const stored = await t.database.db
    .select()
    .from(telemetrySamples)
    .where(eq(telemetrySamples.deviceId, other.id));
  expect(stored).toHaveLength(1);
  expect(stored[0]!.btV).toBeGreaterThan(20);
  await expect(
    new HttpDevice({
      baseUrl: address,
      code: other.code,
      key: 'rmsk_wrong',
      sim: new SimDevice({
        code: other.code,
        ...DEFAULT_CENTRE,
        seed: 2,
        weatherSeed: 1,
        system: 12,
        panelWp: 100,
      }),
    }).report(),
  ).rejects.toThrow(/401/);
});

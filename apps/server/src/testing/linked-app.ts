import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { connectDevice, type TestDevice } from './devices';

// A test file's app with its device link started on the embedded broker, and the MQTT devices the file
// connects, all ended after the file: the arrangement of every test over real MQTT connections.

export interface LinkedApp {
  /** The app (set by the file's first beforeAll). */
  t: TestApp;
  /** The embedded broker's port. */
  port: number;
  /** Connects a device to the broker; the connection is ended after the file. */
  connect(
    device: Pick<TestDevice, 'code' | 'key'>,
    options?: Parameters<typeof connectDevice>[2],
  ): Promise<MqttClient>;
  /** A client the file connected its own way, ended after the file too. */
  keep<C extends MqttClient>(client: C): C;
}

/** Registers the file's beforeAll and afterAll; call it at the top of the file, before its own hooks. */
export function linkedTestApp(options: TestAppOptions = {}): LinkedApp {
  const clients: MqttClient[] = [];
  const linked: LinkedApp = {
    t: undefined as unknown as TestApp,
    port: 0,
    async connect(device, connectOptions = {}) {
      return linked.keep(await connectDevice(linked.port, device, connectOptions));
    },
    keep(client) {
      clients.push(client);
      return client;
    },
  };
  beforeAll(async () => {
    linked.t = await createTestApp(options);
    await linked.t.app.deviceLink.start();
    linked.port = linked.t.app.deviceLink.mqttPort!;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await linked.t?.close();
  });
  return linked;
}

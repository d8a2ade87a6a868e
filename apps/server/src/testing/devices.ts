import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { users } from '../db/schema/employees';
import { ADMIN, type TestApp } from './app';
import { makeKeyedDevice } from './factories';

// Devices for device-link tests: an RMS inventory row with a key, and a real MQTT client for it.

export interface TestDevice {
  id: number;
  code: string;
  key: string;
  organizationId: number;
}

export async function addDevice(t: TestApp, code: string, organizationId?: number): Promise<TestDevice> {
  const db = t.database.db;
  const orgId =
    organizationId ??
    (await db.select({ org: users.organizationId }).from(users).where(eq(users.email, ADMIN.email)))[0]!.org;
  const { id, key } = await makeKeyedDevice(db, { code, organizationId: orgId });
  return { id, code, key, organizationId: orgId };
}

export function connectDevice(
  port: number,
  device: { code: string; key: string },
  options: mqtt.IClientOptions = {},
): Promise<MqttClient> {
  // Without a port the URL would fall back to 1883, where another broker may answer (and acknowledge).
  if (!Number.isInteger(port)) throw new Error('The device link is not listening: start it first.');
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: device.code,
    password: device.key,
    clientId: `dev-${device.code}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 0,
    ...options,
  });
}

/** A plausible sample at `ts` (ms); fields may be overridden. */
export function sample(ts: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ts,
    gsm_sig: 70,
    bt_v: 12.8,
    bt_ch_i: 2.5,
    bt_dis_i: 0,
    soc: 80,
    pv_v: 18.2,
    pv_i: 2.7,
    lo_v: 0,
    lo_i: 0,
    brightness: 0,
    lo_sts: 0,
    mppt: 96.5,
    energy_wh: 1000,
    temp: 31,
    telecom: 'Airtel',
    ...over,
  };
}

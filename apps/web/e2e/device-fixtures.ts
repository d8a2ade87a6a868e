import { expect, type APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_ADMIN } from './fixtures';

// Devices for the parameter and inspection walks, made through the API as the e2e super-user:
// RMS IDs, and activations of them (the tables of bulk parameter and inspections list activations).

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access: string }).access;
}

/** Creates an RMS ID and returns its inventory id. */
export async function createRmsId(request: APIRequestContext, token: string, code: string): Promise<number> {
  const res = await request.post('/api/v1/devices/rms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      device_id: code,
      manufacture: 'Surya Power',
      model: 'SP-12',
      inventory_date: '2026-01-15',
      remarks: 'e2e',
      expiry_date: '2035-12-31',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Activates an RMS device as a project in the first state and city of the master data. */
export async function activate(
  request: APIRequestContext,
  token: string,
  device: number,
  name: string,
  extra: { latitude?: number; longitude?: number } = {},
): Promise<{ state: string; city: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const states = (await (
    await request.get('/api/v1/admin_settings/state/?pagination=false', { headers })
  ).json()) as { id: number; name: string }[];
  const state = states[0]!;
  const cities = (await (
    await request.get(`/api/v1/admin_settings/city/?pagination=false&state=${state.id}`, { headers })
  ).json()) as { id: number; name: string }[];
  const city = cities[0]!;
  const res = await request.post('/api/v1/devices/activation/', {
    headers,
    data: {
      name,
      device,
      address1: 'Main Road',
      address2: 'Ward 4',
      state: state.id,
      city: city.id,
      pin: '110001',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { state: state.name, city: city.name };
}

/** Creates an RMS ID and returns its inventory id and the device key it signs in with (shown once). */
export async function createReportingDevice(
  request: APIRequestContext,
  token: string,
  code: string,
): Promise<{ id: number; key: string }> {
  const res = await request.post('/api/v1/devices/rms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      device_id: code,
      manufacture: 'Surya Power',
      model: 'SP-12',
      inventory_date: '2026-01-15',
      remarks: 'e2e',
      expiry_date: '2035-12-31',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number; device_key: string };
  return { id: body.id, key: body.device_key };
}

/** A sample of a 12 V street light at `at`, every reading present; `scale` shifts the values a little. */
export function sampleAt(at: Date, scale = 1): Record<string, unknown> {
  const hour = at.getHours();
  const day = hour >= 7 && hour < 18;
  return {
    ts: at.toISOString(),
    gsm_sig: 72,
    bt_v: 12.8 * scale,
    bt_ch_i: day ? 3.2 * scale : 0,
    bt_dis_i: day ? 0 : 1.4,
    soc: 81,
    pv_v: day ? 18.4 * scale : 0.4,
    pv_i: day ? 3.5 * scale : 0,
    lo_v: 12.2,
    lo_i: day ? 0 : 1.5 * scale,
    brightness: day ? 0 : 100,
    mppt: day ? 94.5 : 0,
    energy_wh: 1000 + at.getTime() / 3_600_000,
    temp: 31,
    lo_sts: day ? 0 : 1,
  };
}

/** Sends samples over HTTP ingest (Basic auth: RMS ID and device key); 200 means stored. */
export async function sendTelemetry(
  request: APIRequestContext,
  device: { code: string; key: string },
  samples: Record<string, unknown>[],
): Promise<void> {
  const res = await request.post('/api/v1/ingest/telemetry/', {
    headers: {
      authorization: `Basic ${Buffer.from(`${device.code}:${device.key}`).toString('base64')}`,
    },
    data: samples,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Whether the embedded broker lets the device sign in with this key. Settles on every outcome: refused
 * (an error), or closed or silent before CONNACK (false), never left waiting.
 */
export function signsIn(code: string, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
      username: code,
      password: key,
      reconnectPeriod: 0,
      connectTimeout: 20_000,
    });
    const settle = (signedIn: boolean) => {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end(true);
      resolve(signedIn);
    };
    client.once('connect', () => settle(true));
    client.once('error', () => settle(false));
    client.once('close', () => settle(false));
  });
}

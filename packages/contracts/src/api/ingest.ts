import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PUBLIC } from '../permissions';

// HTTP ingest: the MQTT telemetry payload over HTTP, for devices or gateways that cannot hold an MQTT
// connection. Public to the console's guard: the device signs in like over MQTT, with Basic auth (RMS ID
// and key) that the handler checks. The body is read as text and parsed by the handler once it knows the
// device, so a refused payload (bad JSON included) is counted for it: the schema takes anything.

export const ingestApi = {
  telemetry: endpoint({
    area: 'ingest',
    method: 'POST',
    path: '/ingest/telemetry/',
    access: PUBLIC,
    audited: false,
    security: 'device',
    summary: 'Telemetry from a device: one sample or an array (Basic auth: RMS ID and device key)',
    body: z.unknown(),
    response: z.object({ detail: z.string() }),
  }),
};

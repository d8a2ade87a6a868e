import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INGEST_MESSAGES } from '@rms/contracts/telemetry';
import { PUBLIC } from '@rms/contracts/permissions';
import { HttpError } from '../../errors';
import { verifyDevice } from '../../telemetry/device-keys';
import { REQUEST_LIMITS } from '../../auth/request-limits';

// HTTP ingest (DESIGN API map): the MQTT telemetry payload over HTTP, for devices or gateways that
// cannot hold an MQTT connection. The device signs in like over MQTT: Basic auth with RMS ID and key.
// The answer comes after the samples are committed, so 200 means stored.

const stored = z.object({ detail: z.string() });

export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ingest/telemetry/',
    {
      // Public to the console's guard: devices sign in with their key, checked here.
      config: { access: PUBLIC, rateLimit: REQUEST_LIMITS.ingest },
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['ingest'],
        summary: 'Telemetry from a device: one sample or an array (Basic auth: RMS ID and device key)',
        security: [{ device: [] }],
        body: z.unknown(),
        response: { 200: stored },
      },
    },
    async (request) => {
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
      const credentials =
        scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
      const split = credentials.indexOf(':');
      const device =
        split > 0
          ? await verifyDevice(app.db, credentials.slice(0, split), credentials.slice(split + 1))
          : null;
      if (!device) throw new HttpError(401, INGEST_MESSAGES.unknownDevice);
      const result = await app.deviceLink.uplink.receiveTelemetry(device, request.body);
      if (!result.ok) throw new HttpError(400, result.reason);
      return { detail: INGEST_MESSAGES.accepted };
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { ingestApi } from '@rms/contracts/api/ingest';
import { INGEST_MESSAGES } from '@rms/contracts/telemetry';
import { routeEndpoint as route } from '../../endpoint-route';
import { badRequest, HttpError } from '../../errors';
import { verifyDevice } from '../../telemetry/device-keys';
import { REQUEST_LIMITS } from '../../auth/request-limits';

// HTTP ingest (docs/architecture.md "API map"): the MQTT telemetry payload over HTTP, for devices or gateways that
// cannot hold an MQTT connection. The device signs in like over MQTT: Basic auth with RMS ID and key.
// The answer comes after the samples are committed, so 200 means stored. A refused payload answers
// 400 naming the field (`{detail: "bt_v: above 40", errors: {bt_v: ["above 40"]}}`) and is counted for
// the device like one refused over MQTT, bad JSON included: this route reads the body as bytes and
// parses it itself, once it knows the device. Path, access and schemas are declared in contracts
// (api/ingest.ts).

const BODY_LIMIT = 512 * 1024;

export const ingestRoutes: FastifyPluginAsync = async (app) => {
  // This plugin's routes only (Fastify encapsulation): the body stays bytes until the device is known,
  // and the uplink checks they are UTF-8 (read as text here, bad bytes would become U+FFFD and be stored).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // Public to the console's guard: devices sign in with their key, checked here.
  route(
    app,
    ingestApi.telemetry,
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
      const body =
        Buffer.isBuffer(request.body) || typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body ?? null);
      const result = await app.deviceLink.uplink.receive(device, 'telemetry', body);
      if (!result.ok) {
        const split = result.reason.indexOf(': ');
        const field = split > 0 ? result.reason.slice(0, split) : 'payload';
        throw badRequest(result.reason, {
          [field]: [split > 0 ? result.reason.slice(split + 2) : result.reason],
        });
      }
      return { detail: INGEST_MESSAGES.accepted };
    },
    { rateLimit: REQUEST_LIMITS.ingest, bodyLimit: BODY_LIMIT },
  );
};

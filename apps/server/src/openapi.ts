import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@rms/contracts/messages';

/** The OpenAPI document (from the routes' zod schemas) and its viewer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'RMS Console API',
        version: APP_VERSION,
        description: 'Remote monitoring of solar street lights.',
      },
      servers: [],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A session's access token (JWT, from users/login/), or an organization API key (rms_...) " +
              'made on the API Keys screen, which acts with its own codes for its organization',
          },
          device: { type: 'http', scheme: 'basic', description: 'RMS ID and device key' },
          metrics: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN (unset: loopback clients only)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The viewer sets a few inline styles; its scripts stay 'self' only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
}

import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, SuccessStatus } from '@rms/contracts/endpoint';

// Registers a route from its contract descriptor (packages/contracts/src/api/): path, access, schemas,
// status and OpenAPI text all come from the descriptor; the route module supplies only the handler.

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/**
 * What a handler answers: the response schema's input (the serializer checks and shapes it), or, after
 * `reply.status(400)` (or 503), the body of a failure the endpoint declares in `errors`.
 */
export type EndpointReply<E extends Endpoint> =
  | (E['response'] extends z.ZodType ? z.input<E['response']> : unknown)
  | (E['errors'] extends { 400: z.ZodType } ? z.input<E['errors'][400]> : never)
  | (E['errors'] extends { 503: z.ZodType } ? z.input<E['errors'][503]> : never);

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E>> | EndpointReply<E>;

/**
 * What a route may add to its descriptor on the server only: a request-rate limit, a body size limit,
 * a guard that runs before the input is validated (master data's provider-only check).
 */
export interface RouteLimits {
  rateLimit?: FastifyContextConfig['rateLimit'];
  bodyLimit?: number;
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function routeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  limits: RouteLimits = {},
): void {
  const statuses: readonly SuccessStatus[] = [endpoint.status ?? 200].flat();
  const status = statuses[0] ?? 200;
  const response = endpoint.response;
  const security = endpoint.security ?? (endpoint.access.kind === 'public' ? null : 'bearer');
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      config: {
        access: endpoint.access,
        endpoint,
        ...(limits.rateLimit && { rateLimit: limits.rateLimit }),
      },
      ...(limits.bodyLimit && { bodyLimit: limits.bodyLimit }),
      ...(limits.preValidation && { preValidation: limits.preValidation }),
      schema: {
        tags: [endpoint.area],
        summary: endpoint.summary,
        ...(endpoint.description && { description: endpoint.description }),
        ...(endpoint.hidden && { hide: true }),
        ...(security && { security: [{ [security]: [] }] }),
        ...(endpoint.params && { params: endpoint.params }),
        ...(endpoint.query && { querystring: endpoint.query }),
        ...(endpoint.body && { body: endpoint.body }),
        ...((response || endpoint.errors) && {
          response: {
            ...(response && Object.fromEntries(statuses.map((code) => [code, response]))),
            ...endpoint.errors,
          },
        }),
      },
      handler: async (request, reply) => {
        reply.status(status);
        return handler(request as EndpointRequest<E>, reply);
      },
    });
  }
}

/**
 * An answer the database already wrote as JSON text in the endpoint's response shape (the map, the
 * graph): sent as it is, without the response schema's pass and a stringify of every row. Returned as
 * the handler's answer type, which it is once parsed.
 */
export function databaseJson<T>(reply: FastifyReply, text: string): T {
  reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
  return text as unknown as T;
}

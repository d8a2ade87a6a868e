import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

// The server's logs: pino's JSON lines in production (a collector reads them), pino-pretty's lines for a
// person in development (LOG_FORMAT). Every request carries an id on each of its log lines (`reqId`) and
// in its answer's X-Request-Id header: the one a proxy or client sent, when it is a short token, or a new
// one, so a complaint quoting the header finds the request's lines on whichever instance served it.

export const REQUEST_ID_HEADER = 'x-request-id';

/** A short token: what proxies and tracing tools send (UUIDs, hex, base64url). Anything else is replaced. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Pino's options for Fastify; `stream` replaces standard output (a test reads the lines). */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const readable = config.logFormat === 'pretty' && config.logLevel !== 'silent';
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // pino-pretty in the process, not a worker thread: it is for development, and nothing starts when silent.
    ...(stream
      ? { stream }
      : readable && {
          stream: pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }),
        }),
  };
}

/** Answers each request's id in X-Request-Id (set before any hook or handler can answer). */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

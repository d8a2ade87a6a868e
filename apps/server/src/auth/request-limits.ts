import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../errors';

// Request-rate limits (@fastify/rate-limit) on the routes anyone can call without a session: sign-in,
// password reset, token refresh and HTTP ingest. They cap the raw volume (each sign-in or reset runs a
// deliberately slow password hash); the failure counting that stops password guessing is AttemptThrottle.
// Keys are the client's address (request.ip: the socket's, or X-Forwarded-For from TRUST_PROXY only).
// In-process: with several instances each counts its own share.

export const REQUEST_LIMITS = {
  // An office behind one address signs in its people at 9 o'clock: generous per address, still far
  // below what guessing would need (failures are capped separately, per account and address).
  signIn: { max: 60, timeWindow: 60_000 },
  passwordReset: { max: 20, timeWindow: 60_000 },
  refresh: { max: 120, timeWindow: 60_000 },
  // A device reports a few times a minute; a gateway relays several devices, each keyed on its own.
  ingest: {
    max: 120,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${deviceOf(request)}`,
  },
} as const;

function deviceOf(request: FastifyRequest): string {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return '';
  const credentials = Buffer.from(encoded, 'base64').toString('utf8');
  return credentials.slice(0, Math.max(0, credentials.indexOf(':'))).slice(0, 64);
}

export async function registerRequestLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please try again in ${context.after}.`),
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

// Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; without, only a
// client on this machine (a Prometheus or agent beside the server). A request that came through a
// proxy (it names a forwarded client) is not taken for a local one, even from a local proxy.

export type MetricsAccess = 'allowed' | 'no-token' | 'not-local';

const digest = (text: string) => createHash('sha256').update(text).digest();

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (token !== undefined) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths, and no time difference that tells how much of it was right.
    return sent !== undefined && timingSafeEqual(digest(sent), digest(token)) ? 'allowed' : 'no-token';
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return isLoopback(request.socket.remoteAddress) && !forwarded ? 'allowed' : 'not-local';
}

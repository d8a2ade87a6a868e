import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt } from 'jose';
import { eventsApi } from '@rms/contracts/api/events';
import { LIVE_HEARTBEAT_SECONDS } from '@rms/contracts/events';
import { allows } from '@rms/contracts/permissions';
import { caller, reloadCaller, type AuthUser } from '../../auth/access';
import { canSeeOrganization } from '../../auth/tenant';
import { routeEndpoint as route } from '../../endpoint-route';
import type { RoutedMessage } from '../../telemetry/live-events';

// The live channel (GET /api/v1/events/): server-sent events of the devices the caller's organization
// may see (the provider sees all), see @rms/contracts/events. The access guard has checked the bearer
// token; the stream ends when that token expires (the console refreshes it and reconnects), and at each
// heartbeat the session (or API key) is looked up again, so a revoked session or key or a lost
// permission ends it too.
// Path and access are declared in contracts (api/events.ts).

const ACCESS = eventsApi.stream.access;
/** A console that stops reading is let go past this much unsent data; it reconnects and reloads. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const eventRoutes: FastifyPluginAsync = async (app) => {
  route(app, eventsApi.stream, async (request, reply) => {
    let auth: AuthUser = caller(request);
    const token = request.headers.authorization?.slice(7).trim() ?? '';
    // A session's stream ends with its access token; a key's with its last day (if it has one).
    const keyExpiry = auth.apiKey?.expiresAt;
    const exp = !auth.apiKey ? decodeJwt(token).exp : keyExpiry ? keyExpiry.getTime() / 1000 : undefined;
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write('retry: 3000\n\n');

    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      raw.end();
    };
    const unsubscribe = app.liveEvents.subscribe((routed: RoutedMessage) => {
      if (ended || !canSeeOrganization(auth, routed.organizationId)) return;
      // A person's own message goes to their sessions only (never to an API key, whoever made it).
      if (routed.userId !== undefined && (auth.apiKey || routed.userId !== auth.id)) return;
      const { event, data } = routed.message;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    }, end);
    // The response closes when the console goes away (tab closed, network lost).
    raw.on('close', end);
    raw.on('error', end);

    if (exp !== undefined) {
      // setTimeout holds at most ~24.8 days; access tokens live minutes.
      const left = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
      timers.push(setTimeout(end, Math.max(left, 0)));
    }
    timers.push(
      setInterval(() => {
        if (ended) return;
        raw.write(': ping\n\n');
        reloadCaller(app.db, auth)
          .then((fresh) => {
            if (!fresh || !allows(ACCESS, fresh)) end();
            else auth = fresh;
          })
          .catch(() => {});
      }, LIVE_HEARTBEAT_SECONDS * 1000),
    );
  });
};

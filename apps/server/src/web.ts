import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@rms/contracts/messages';

/**
 * Serves the built console at / and answers index.html for client routes (/company-view, /login/ ...),
 * so a reload on any console path works. Unknown /api paths stay JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasConsole = existsSync(path.join(webDist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, file) => {
        // Hashed assets never change; index.html must always be fresh.
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'console not built: run `npm run build` to serve it at /');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      !hasConsole ||
      url.startsWith('/api/') ||
      url.startsWith('/samples/') ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.status(404).send({ detail: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

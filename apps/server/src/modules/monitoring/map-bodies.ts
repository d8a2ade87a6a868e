import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { compressText, keptEncodingFor } from '../../compression';
import { databaseJson } from '../../endpoint-route';

// The console's map answers, kept by their ETag (report-routes.ts). The ETag is the fleet's map version
// with who asks and what, so an equal ETag means an equal body: a second viewer of an unchanged fleet
// (another operator, a wall screen, every console after a status change) is sent the bytes the first
// one's request built and compressed, after the version's few aggregates, instead of the whole map
// being built and compressed again (at 10,000 devices about 30 ms of the database, 300 KB of JSON and
// 2–3 ms of compression per viewer). Viewers asking at once while it is built wait for the same build.

interface Kept {
  json: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * What the kept bodies may hold together. A fleet of 10,000 devices makes a compact map of 300 KB,
 * 530 KB with its compressed forms, so 100,000 about 5 MB: two dozen of those, for as many
 * organizations and filters.
 */
const KEPT_BYTES = 128 * 1024 * 1024;

async function keep(json: string): Promise<Kept> {
  const [br, gzip] = await Promise.all([compressText(json, 'br'), compressText(json, 'gzip')]);
  return { json, br, gzip };
}

export class KeptMapBodies {
  private readonly kept = new LRUCache<string, Kept, () => Promise<string>>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (k) => k.json.length + k.br.length + k.gzip.length,
    fetchMethod: async (_tag, _stale, { context: build }) => keep(await build()),
  });

  /**
   * Answers the body kept under this ETag (building it with `build` if none is), in the encoding the
   * client accepts: brotli or gzip as they were kept, anything else as the text for the compress plugin.
   */
  async send<T>(request: FastifyRequest, reply: FastifyReply, tag: string, build: () => Promise<string>) {
    const kept = await this.kept.fetch(tag, { context: build });
    if (!kept) throw new Error('A map body was neither kept nor built.');
    reply.header('vary', 'accept-encoding');
    const encoding = keptEncodingFor(request.headers['accept-encoding']);
    if (!encoding) return databaseJson<T>(reply, kept.json);
    reply.type('application/json; charset=utf-8').header('content-encoding', encoding);
    return kept[encoding] as unknown as T;
  }
}

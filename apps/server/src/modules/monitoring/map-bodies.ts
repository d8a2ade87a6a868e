import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { APP_VERSION } from '@rms/contracts/messages';
import type { AuthUser } from '../../auth/access';
import { compressText, keptEncodingFor } from '../../compression';
import { databaseJson } from '../../endpoint-route';

// The console's map answers, kept by their ETag (report-routes.ts). The ETag is the fleet's map version
// with who asks and what, so an equal ETag means an equal body: a second viewer of an unchanged fleet
// (another operator, a wall screen, every console after a status change) is sent the bytes the first
// one's request built and compressed, after reading the version, instead of the whole map being
// built and compressed again (at 10,000 devices about 30 ms of the database, 300 KB of JSON and
// 2–3 ms of compression per viewer). Viewers asking at once while it is built wait for the same build.

/**
 * The compact map's ETag: the fleet's map version, the caller's scope (the only thing about the caller
 * the map's rows depend on: tenant.ts's orgScope), the parsed query with its keys in order (not the raw
 * query string, which another spelling of the same filters, or text the parser drops, would change),
 * the tile server and its attribution (both in the body), and this server's version (a release may
 * shape the body otherwise: a browser's copy from before it is not answered 304).
 */
export function mapTag(
  version: string,
  auth: AuthUser,
  query: object,
  tiles: { url: string; attribution: string },
): string {
  const scope = auth.isProvider ? 'provider' : `org ${auth.organizationId}`;
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const text = JSON.stringify([version, scope, filters, tiles.url, tiles.attribution, APP_VERSION]);
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** A built map: its body and the ETag of the fleet it shows (read in the snapshot it was built in). */
export interface BuiltMap {
  tag: string;
  json: string;
}

interface Kept extends BuiltMap {
  br: Buffer;
  gzip: Buffer;
}

/**
 * What the kept bodies may hold together. A fleet of 10,000 devices makes a compact map of 300 KB,
 * 530 KB with its compressed forms, so 100,000 about 5 MB: two dozen of those, for as many
 * organizations and filters. Each entry is counted a kilobyte more for what holds it.
 */
const KEPT_BYTES = 128 * 1024 * 1024;
const KEPT_ENTRIES = 256;

async function keep(built: BuiltMap): Promise<Kept> {
  const [br, gzip] = await Promise.all([compressText(built.json, 'br'), compressText(built.json, 'gzip')]);
  return { ...built, br, gzip };
}

export class KeptMapBodies {
  private readonly kept = new LRUCache<string, Kept, () => Promise<BuiltMap>>({
    max: KEPT_ENTRIES,
    maxSize: KEPT_BYTES,
    sizeCalculation: (k) => 1024 + k.json.length + k.br.length + k.gzip.length,
    fetchMethod: async (_tag, _stale, { context: build }) => keep(await build()),
    // A build pushed out by others before it ends still answers the requests waiting for it.
    ignoreFetchAbort: true,
  });

  /**
   * Answers the body kept under this ETag, or one built by `build`, in the encoding the client accepts:
   * brotli or gzip as they were kept, anything else as the text for the compress plugin. A body built
   * after the fleet changed again carries its own, newer ETag: it is sent and kept under that one, never
   * under the ETag the request started from.
   */
  async send<T>(request: FastifyRequest, reply: FastifyReply, tag: string, build: () => Promise<BuiltMap>) {
    const kept = await this.kept.fetch(tag, { context: build });
    if (!kept) throw new Error('A map body was neither kept nor built.');
    if (kept.tag !== tag) {
      this.kept.delete(tag);
      this.kept.set(kept.tag, kept);
      reply.header('etag', kept.tag);
    }
    const encoding = keptEncodingFor(request.headers);
    if (!encoding) return databaseJson<T>(reply, kept.json);
    reply.type('application/json; charset=utf-8').header('content-encoding', encoding);
    return kept[encoding] as unknown as T;
  }
}

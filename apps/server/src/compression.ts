import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

// How answers are compressed: the compress plugin's settings (app.ts), and the same encodings for an
// answer compressed once and sent many times (the map's kept bodies, monitoring/map-bodies.ts).
//
// Answers of 1 KB and more are compressed when the client accepts it, at each method's fastest
// level: compressing is per request, and a console runs short of the server's cores, not of network.
// Brotli when offered (Chromium offers it), gzip otherwise (Node's fetch): at quality 1 brotli took
// half gzip's time at level 1 for fewer bytes (a week's graph, 299 KB of JSON: 0.18 ms and 10 KB
// against 0.50 ms and 22 KB); at its default quality, four times as long.
// Up to 512 KB (a list's page, a year's harvest, a graph) in one synchronous call, a millisecond or
// two at most: through a zlib stream (the plugin's default above 8 KB on two cores) a week's graph
// took 3 ms longer, in round trips to the thread pool. Larger answers (the map, exports) still
// stream, so that the event loop is never held long.

const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const ZLIB = { level: constants.Z_BEST_SPEED };

export const compressOptions: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  syncThreshold: 512 * 1024,
  encodings: [...ENCODINGS],
  brotliOptions: BROTLI,
  zlibOptions: ZLIB,
};

export type KeptEncoding = 'br' | 'gzip';

/**
 * The encoding of a kept answer for this request's Accept-Encoding, as the plugin negotiates it (`*`
 * and x-gzip read as gzip); null when the client takes deflate or nothing or says x-no-compression,
 * and the plugin deals with the text.
 */
export function keptEncodingFor(headers: IncomingHttpHeaders): KeptEncoding | null {
  const acceptEncoding = headers['accept-encoding'];
  if (!acceptEncoding || headers['x-no-compression'] !== undefined) return null;
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text compressed in the thread pool (a map's body is hundreds of KB), at the plugin's levels. */
export function compressText(text: string, encoding: KeptEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(text, BROTLI) : gzipAsync(text, ZLIB);
}

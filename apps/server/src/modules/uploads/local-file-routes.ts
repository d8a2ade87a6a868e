import type { FastifyPluginAsync } from 'fastify';
import { uploadApi as U } from '@rms/contracts/api/uploads';
import { FILE_KINDS, formatBytes, STORED_KEY, UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { routeEndpoint as route } from '../../endpoint-route';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { UploadRefused, type LocalStorage } from '../../storage/local-storage';
import { contentTypeOfKey, kindOfKey } from '../../storage/storage';
import { recordUploaded } from './file-access';

// The embedded store's own upload and download links (S3 serves its presigned URLs itself); declared in
// contracts (api/uploads.ts), public and left out of the OpenAPI document: the signature is the permission.

const INVALID_LINK = 'This file link is invalid or has expired.';

/** The link's signature, expiry and limits, read as sent: the store checks them, not a schema. */
type LinkQuery = Record<string, string | undefined>;

function keyOf(params: { kind: string; name: string }): string {
  const key = `${params.kind}/${params.name}`;
  if (!STORED_KEY.test(key)) throw notFound();
  return key;
}

export const localFileRoutes: FastifyPluginAsync<{ storage: LocalStorage }> = async (app, { storage }) => {
  // The body is streamed to disk as it arrives, whatever its type: no parser buffers it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(app, U.fileUpload, async (request, reply) => {
    const key = keyOf(request.params);
    const grant = storage.verifyUpload(key, request.query as LinkQuery);
    if (!grant) throw forbidden(INVALID_LINK);
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== grant.contentType) throw forbidden(INVALID_LINK);
    const declared = Number(request.headers['content-length']);
    const limit = formatBytes(Math.min(grant.maxBytes, FILE_KINDS[kindOfKey(key)].maxBytes));
    if (declared > grant.maxBytes) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge(limit));
    try {
      await storage.write(key, grant, request.raw);
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      // The rest of the body is not read: close the connection rather than drain it.
      reply.header('connection', 'close');
      if (error.reason === 'too-large') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge(limit));
      if (error.reason === 'used') throw new HttpError(409, UPLOAD_MESSAGES.linkUsed);
      throw badRequest(FILE_KINDS[kindOfKey(key)].wrongContent);
    }
    // The embedded store sees the file arrive: that moment is its upload time.
    await recordUploaded(app.db, key, new Date());
    return { detail: 'Uploaded' };
  });

  route(app, U.fileDownload, async (request, reply) => {
    const key = keyOf(request.params);
    const query = request.query as LinkQuery;
    if (!storage.verifyDownload(key, query)) throw forbidden(INVALID_LINK);
    const file = await storage.openRead(key);
    if (!file) throw notFound();
    const remaining = Math.max(0, Number(query.exp) - Math.floor(Date.now() / 1000));
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', kindOfKey(key) === 'image' ? 'inline' : 'attachment')
      .header('cache-control', `private, max-age=${remaining}`)
      .send(file.stream);
  });
};

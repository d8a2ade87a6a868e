import type { FastifyPluginAsync } from 'fastify';
import { uploadApi as U } from '@rms/contracts/api/uploads';
import { REPORT_MESSAGES } from '@rms/contracts/monitoring';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { notFound } from '../../errors';
import { isReportKey } from '../../storage/storage';
import { presignUpload, recordPhoto } from './service';
import { fileRecordOf, mayRead, recordFileOwner } from './file-access';

// The uploads area's handlers; paths, access and schemas are declared in contracts (api/uploads.ts).
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  route(app, U.presign, async (request) => {
    const answer = await presignUpload(app.storage, request.body);
    await recordFileOwner(app.db, caller(request), answer.file_name);
    return answer;
  });

  route(app, U.download, async (request) => {
    const key = request.query.path;
    // Only files the caller's organization stored, or images on rows it can see: 404 otherwise.
    if (!(await mayRead(app.db, caller(request), key))) throw notFound();
    // A report is deleted when its retention ends: no link to one that is gone, none that outlives it.
    let notAfter: number | undefined;
    if (isReportKey(key)) {
      const end = await app.reportRetention.linkEnd(key);
      if (end === null) throw notFound(REPORT_MESSAGES.expired);
      notAfter = end;
    }
    const url = await app.storage.downloadUrl(key, notAfter);
    return { url, photo_url: url };
  });

  route(app, U.fileRecord, async (request) => {
    // Files the caller's organization stored (the provider's people: every file); 404 otherwise, also
    // for an image another organization stored that the caller may see on a row.
    const auth = caller(request);
    const record = await fileRecordOf(app.db, app.storage, request.query.path);
    if (!record || (record.organization !== auth.organizationId && !auth.isProvider)) throw notFound();
    return record;
  });

  route(app, U.recordPhoto, (request) => recordPhoto(app.db, app.storage, caller(request), request.body));
};

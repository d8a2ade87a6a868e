import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_MESSAGES } from '@rms/contracts/monitoring';
import { SIGNED_IN } from '@rms/contracts/permissions';
import {
  downloadQuery,
  downloadResponse,
  fileRecord,
  photoUpdateBody,
  photoUpdateResponse,
  presignBody,
  presignResponse,
} from '@rms/contracts/uploads';
import { caller } from '../../auth/access';
import { notFound } from '../../errors';
import { isReportKey } from '../../storage/storage';
import { presignUpload, recordPhoto } from './service';
import { fileRecordOf, mayRead, recordFileOwner } from './file-access';

// Any signed-in user may upload (their own photo, a logo on a form they may save, a spreadsheet);
// recording the file on a row is where each area checks its own permission.
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploads/presigned_url/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['uploads'],
        summary: 'A signed URL to PUT one file to, and the file name to record afterwards',
        security: [{ bearer: [] }],
        body: presignBody,
        response: { 200: presignResponse },
      },
    },
    async (request) => {
      const answer = await presignUpload(app.storage, request.body);
      await recordFileOwner(app.db, caller(request), answer.file_name);
      return answer;
    },
  );

  app.get(
    '/uploads/download_file/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['uploads'],
        summary: 'A signed, expiring link to a stored file',
        security: [{ bearer: [] }],
        querystring: downloadQuery,
        response: { 200: downloadResponse },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/uploads/file_record/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['uploads'],
        summary: 'Who stored a file and when (the uploader, when the link was issued, when the file arrived)',
        security: [{ bearer: [] }],
        querystring: downloadQuery,
        response: { 200: fileRecord },
      },
    },
    async (request) => {
      // Files the caller's organization stored (the provider's people: every file); 404 otherwise, also
      // for an image another organization stored that the caller may see on a row.
      const auth = caller(request);
      const record = await fileRecordOf(app.db, app.storage, request.query.path);
      if (!record || (record.organization !== auth.organizationId && !auth.isProvider)) throw notFound();
      return record;
    },
  );

  app.put(
    '/uploads/download_file/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['uploads'],
        summary: "Record a user's profile image (one's own; another's with MANAGE_USER)",
        security: [{ bearer: [] }],
        body: photoUpdateBody,
        response: { 200: photoUpdateResponse },
      },
    },
    async (request) => recordPhoto(app.db, app.storage, caller(request), request.body),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '@rms/contracts/permissions';
import {
  downloadQuery,
  downloadResponse,
  photoUpdateBody,
  photoUpdateResponse,
  presignBody,
  presignResponse,
} from '@rms/contracts/uploads';
import { caller } from '../../auth/access';
import { presignUpload, recordPhoto } from './service';

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
    async (request) => presignUpload(app.storage, request.body),
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
      const url = await app.storage.downloadUrl(request.query.path);
      return { url, photo_url: url };
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

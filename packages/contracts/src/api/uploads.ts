import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PUBLIC, SIGNED_IN } from '../permissions';
import {
  downloadQuery,
  downloadResponse,
  fileRecord,
  photoUpdateBody,
  photoUpdateResponse,
  presignBody,
  presignResponse,
} from '../uploads';

// Any signed-in user may upload (their own photo, a logo on a form they may save, a spreadsheet);
// recording the file on a row is where each area checks its own permission.
const area = 'uploads';
const DOWNLOAD = '/uploads/download_file/';
/** The embedded store's own links (S3 serves its presigned URLs itself): `<kind>/<name>` of a stored key. */
const FILE = '/uploads/file/:kind/:name';
const fileParams = z.object({ kind: z.string(), name: z.string() });

export const uploadApi = {
  presign: endpoint({
    area,
    method: 'POST',
    path: '/uploads/presigned_url/',
    access: SIGNED_IN,
    summary: 'A signed URL to PUT one file to, and the file name to record afterwards',
    body: presignBody,
    response: presignResponse,
  }),
  download: endpoint({
    area,
    method: 'GET',
    path: DOWNLOAD,
    access: SIGNED_IN,
    summary: 'A signed, expiring link to a stored file',
    query: downloadQuery,
    response: downloadResponse,
  }),
  fileRecord: endpoint({
    area,
    method: 'GET',
    path: '/uploads/file_record/',
    access: SIGNED_IN,
    summary: 'Who stored a file and when (the uploader, when the link was issued, when the file arrived)',
    query: downloadQuery,
    response: fileRecord,
  }),
  recordPhoto: endpoint({
    area,
    method: 'PUT',
    path: DOWNLOAD,
    access: SIGNED_IN,
    summary: "Record a user's profile image (one's own; another's with MANAGE_USER)",
    body: photoUpdateBody,
    response: photoUpdateResponse,
  }),
  // Public: the signature in the URL, not a bearer token, says who may write or read this one file.
  // The link's query (signature, expiry, content type, size) is checked by the store, not by a schema.
  fileUpload: endpoint({
    area,
    method: 'PUT',
    path: FILE,
    access: PUBLIC,
    audited: false,
    summary: "Receive one file at the embedded store's signed upload link (the body is the file)",
    hidden: true,
    params: fileParams,
  }),
  fileDownload: endpoint({
    area,
    method: 'GET',
    path: FILE,
    access: PUBLIC,
    summary: "Send one stored file at the embedded store's signed download link",
    hidden: true,
    params: fileParams,
  }),
};

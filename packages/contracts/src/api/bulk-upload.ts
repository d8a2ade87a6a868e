import { z } from 'zod';
import {
  BULK_AREA_NAMES,
  BULK_AREAS,
  bulkUploadBody,
  bulkUploadFailure,
  bulkUploadSuccess,
  type BulkAreaName,
} from '../bulk-upload';
import { endpoint } from '../endpoint';
import { PUBLIC } from '../permissions';
import { accessOf, type ConsolePath } from '../routes';

// Bulk upload's endpoints: one upload per area with a sheet (BULK_AREAS), and the sample sheets.

const area = 'bulk upload';
/**
 * 400 for the file itself (not an xlsx, too large, too many rows): a detail and the field's errors; or a
 * body the server could not read, a detail alone when no field can be named. Every 400 the server can
 * answer must fit, or the answer fails its own schema and becomes a 500.
 */
const fileError = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** `POST <area>/bulk_upload/ {report_upload}`: the same permission as creating one row of the area. */
function uploadOf(sheet: { path: string; accessPath: ConsolePath; title: string }) {
  return endpoint({
    area,
    method: 'POST',
    path: `/${sheet.path}`,
    access: accessOf(sheet.accessPath),
    summary: `${sheet.title}: every row of the uploaded sheet saved for the caller's organization, or none`,
    description:
      'report_upload is the file name the presign returned. 400 {detail: [{row, error}]} lists every bad row ' +
      '(nothing saved); 400 {detail, errors} refuses the file itself (not an xlsx, too large, too many rows).',
    body: bulkUploadBody,
    response: bulkUploadSuccess,
    errors: { 400: z.union([bulkUploadFailure, fileError]) },
  });
}

export type BulkUploadEndpoint = ReturnType<typeof uploadOf>;

/** Each area's upload, by the area's name. */
export const BULK_UPLOAD_API = Object.fromEntries(
  BULK_AREA_NAMES.map((name) => [name, uploadOf(BULK_AREAS[name])]),
) as Record<BulkAreaName, BulkUploadEndpoint>;

export const bulkUploadApi = {
  ...BULK_UPLOAD_API,
  /**
   * `GET /samples/<area>.xlsx` (outside /api/v1, public like the console's static files): the sheet's
   * columns and one example row. A file, so no response schema.
   */
  sample: endpoint({
    area,
    method: 'GET',
    path: '/samples/:file',
    atRoot: true,
    access: PUBLIC,
    summary: 'The sample sheet of an area (rms, stlt, pole, msisdn ...): its columns and one example row',
    params: z.object({ file: z.string().max(40) }),
  }),
};

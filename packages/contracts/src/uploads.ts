import { z } from 'zod';
import { ID_RANGE_MESSAGE, MAX_ID } from './fields';

// The uploads area (spec 01 §4 "File upload"): ask for a presigned URL, PUT the file to it with its
// content type, record the returned file name on the owning record, and fetch signed links to show it.

export const UPLOAD_MESSAGES = {
  linkUsed: 'This upload link was already used: ask for a new one to upload another file.',
  fileRequired: "'file' is required!",
  imageTypes: 'Only png and jpeg images can be uploaded',
  spreadsheetTypes: 'Only xlsx spreadsheets can be uploaded',
  tooLarge: (limit: string) => `The file is larger than ${limit}`,
  notAnImage: 'The file is not a png or jpeg image',
  notASpreadsheet: 'The file is not an xlsx spreadsheet',
  notUploaded: 'The file has not been uploaded yet, or its link has expired. Please upload it again.',
  pictureUpdated: 'Picture Updated Successfully!',
  uploaded: (file: string) => `${file} file uploaded successfully`,
  uploadFailed: (file: string) => `${file} file upload failed.`,
} as const;

const MB = 1024 * 1024;

/** What each kind of upload accepts: the extensions, the content type each stands for, and the size limit. */
export const FILE_KINDS = {
  image: {
    maxBytes: 5 * MB,
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' },
    wrongType: UPLOAD_MESSAGES.imageTypes,
    wrongContent: UPLOAD_MESSAGES.notAnImage,
  },
  spreadsheet: {
    maxBytes: 20 * MB,
    types: { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    wrongType: UPLOAD_MESSAGES.spreadsheetTypes,
    wrongContent: UPLOAD_MESSAGES.notASpreadsheet,
  },
} as const satisfies Record<
  string,
  { maxBytes: number; types: Record<string, string>; wrongType: string; wrongContent: string }
>;

export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as FileKind[];

/** The content type a file name stands for within a kind, or undefined when the kind does not take it. */
export function contentTypeFor(kind: FileKind, fileName: string): string | undefined {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const types: Record<string, string> = FILE_KINDS[kind].types;
  return Object.hasOwn(types, extension) ? types[extension] : undefined;
}

/** "5 MB" */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** `size` is ours: the signature binds the length, so the size must be known before the upload. */
export const presignBody = z
  .object({
    file: z
      .string({ error: UPLOAD_MESSAGES.fileRequired })
      .trim()
      .min(1, UPLOAD_MESSAGES.fileRequired)
      .max(255),
    file_type: z.enum(FILE_KIND_NAMES as [FileKind, ...FileKind[]], {
      error: `'file_type' must be one of ${FILE_KIND_NAMES.join(', ')}`,
    }),
    size: z.number({ error: "'size' is required!" }).int().min(1, 'The file is empty'),
  })
  .superRefine((body, ctx) => {
    const kind = FILE_KINDS[body.file_type];
    if (!contentTypeFor(body.file_type, body.file))
      ctx.addIssue({ code: 'custom', path: ['file'], message: kind.wrongType });
    if (body.size > kind.maxBytes)
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: UPLOAD_MESSAGES.tooLarge(formatBytes(kind.maxBytes)),
      });
  });
export type PresignBody = z.infer<typeof presignBody>;

export const presignResponse = z.object({
  /** Where to PUT the file: a path on this server (embedded storage) or an S3 URL. */
  url: z.string(),
  /** The stored file's key: record it on the owning record (photo, company_logo ...). */
  file_name: z.string(),
  /** The content type the PUT must carry: it is part of the signature. */
  content_type: z.string(),
  expires_in: z.number().int(),
});
export type PresignResponse = z.infer<typeof presignResponse>;

/**
 * A stored file's key: `<kind>/<32 hex>.<extension>`, or `report/<32 hex>.csv` for a report the server
 * generated (never uploaded: no presign issues a report key).
 */
export const STORED_KEY =
  /^(?:(image|spreadsheet)\/[0-9a-f]{32}\.(png|jpg|jpeg|xlsx)|report\/[0-9a-f]{32}\.csv)$/;
export const storedKey = z.string().trim().max(300).regex(STORED_KEY, 'Unknown file');
/** An optional stored file on a form: blank or null clears it, absent leaves it as it is. */
export const optionalStoredKey = z.preprocess((v) => (v === '' ? null : v), storedKey.nullable().optional());

export const downloadQuery = z.object({ path: storedKey });
/** A signed, expiring link to a stored file; `photo_url` is the same link under the name image callers read. */
export const downloadResponse = z.object({ url: z.string(), photo_url: z.string() });
export type DownloadResponse = z.infer<typeof downloadResponse>;

/** Records a profile image path (spec 01 §7 `PUT uploads/download_file/`). */
export const photoUpdateBody = z.object({
  id: z.number({ error: "'id' is required!" }).int().positive().max(MAX_ID, ID_RANGE_MESSAGE),
  email: z.string().trim().toLowerCase().max(254).optional(),
  photo: storedKey.nullable(),
});
export type PhotoUpdateBody = z.infer<typeof photoUpdateBody>;
export const photoUpdateResponse = z.object({
  detail: z.string(),
  photo: z.string().nullable(),
  photo_url: z.string().nullable(),
});
export type PhotoUpdateResponse = z.infer<typeof photoUpdateResponse>;

/**
 * Who stored a file and when (GET uploads/file_record/?path=, and in a bulk upload's answer): the user who
 * asked for its upload link (or generated the report), when that was, and when the store received it.
 */
export const fileRecord = z.object({
  file_name: z.string(),
  /** The organization the file belongs to. */
  organization: z.number().int(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the upload link was issued (or the report started). */
  requested_at: z.string(),
  /** When the store received the file; null while it has not arrived. */
  uploaded_at: z.string().nullable(),
});
export type FileRecord = z.infer<typeof fileRecord>;

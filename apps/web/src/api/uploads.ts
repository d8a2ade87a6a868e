import { uploadApi as U } from '@rms/contracts/api/uploads';
import type { FileKind, PhotoUpdateBody } from '@rms/contracts/uploads';
import { api } from './client';
import { ApiError } from './errors';

// The upload steps of spec 01 §4: ask for a presigned URL, PUT the file there with its content type,
// and hand back the file name for the caller to record on its row.

/** Uploads one file; resolves with the file name to record. */
export async function uploadFile(file: File, kind: FileKind): Promise<string> {
  const target = await api(U.presign, { body: { file: file.name, file_type: kind, size: file.size } });
  // Straight to the store (this server's signed link, or S3): no bearer token, the URL is the permission.
  const response = await fetch(target.url, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': target.content_type },
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // S3 answers XML; the catalogue's own text is shown instead.
    }
    throw new ApiError(response.status, body);
  }
  return target.file_name;
}

/** Records a profile image (spec 01 §7: the PUT of the download-file path). */
export function recordPhoto(body: PhotoUpdateBody) {
  return api(U.recordPhoto, { body });
}
